import { getRequestConfig } from "next-intl/server";
import { resolveLocale } from "@/lib/core/i18n/config";
import { loadMessages } from "@/lib/core/i18n/messages";

/**
 * The locale comes from the `[locale]` segment that `proxy.ts` adds internally (from the
 * NEXT_LOCALE cookie), never from cookies here: reading cookies would make every page
 * render per request, while a segment lets each (locale, page) pair be cached.
 */
export default getRequestConfig(async ({ requestLocale, locale: explicit }) => {
  const locale = resolveLocale(explicit ?? (await requestLocale));
  return {
    locale,
    messages: await loadMessages(locale),
    // Last step of the fallback chain: the key itself, never a crash.
    getMessageFallback: ({ namespace, key }) => (namespace ? `${namespace}.${key}` : key),
    onError: () => undefined,
  };
});
