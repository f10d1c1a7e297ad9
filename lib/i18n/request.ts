import { cookies } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { localeCookieName, resolveLocale } from "@/lib/i18n/config";
import { loadMessages } from "@/lib/i18n/messages";

export default getRequestConfig(async () => {
  const locale = resolveLocale((await cookies()).get(localeCookieName)?.value);
  return {
    locale,
    messages: await loadMessages(locale),
    // Last step of the fallback chain: the key itself, never a crash.
    getMessageFallback: ({ namespace, key }) => (namespace ? `${namespace}.${key}` : key),
    onError: () => undefined,
  };
});
