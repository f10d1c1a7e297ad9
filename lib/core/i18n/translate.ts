import { createTranslator } from "next-intl";
import { matchAcceptLanguage } from "@/lib/core/i18n/accept-language";
import { localeCookieName, resolveLocale, type Locale } from "@/lib/core/i18n/config";
import { loadMessages } from "@/lib/core/i18n/messages";

/**
 * Server-side text outside React (API error bodies, e-mails): the locale comes from the
 * same NEXT_LOCALE cookie that picks the page language, so answers match what the user sees.
 */
export function localeFromHeaders(headers: Headers | null | undefined): Locale {
  const cookie = headers?.get("cookie") ?? "";
  for (const part of cookie.split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === localeCookieName) return resolveLocale(decoded(value.join("=")));
  }
  // No cookie (an API client, a fetch before any page set it): the language the request asks
  // for, as proxy.ts picks a page's, so a 403's text is never Portuguese to an English caller.
  return resolveLocale(matchAcceptLanguage(headers?.get("accept-language")) ?? undefined);
}

/** A malformed escape (`%C&`) names no locale; throwing here would turn any answer into a 500. */
function decoded(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

export type Translate = (key: string, values?: Record<string, string | number>) => string;

/** A translator over the whole catalogue (keys are full paths such as `auth.password.number`). */
export async function translator(locale: Locale): Promise<Translate> {
  const t = createTranslator({ locale, messages: await loadMessages(locale) });
  return (key, values) => t(key as never, values as never);
}
