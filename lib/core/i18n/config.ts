export const locales = ["pt", "en", "es", "fr"] as const;
export type Locale = (typeof locales)[number];
/** Portuguese is the default and mandatory language. */
export const defaultLocale: Locale = "pt";

/** Intl tags of the app's languages (European Portuguese, like the messages). */
export const intlLocale: Record<Locale, string> = { pt: "pt-PT", en: "en-GB", es: "es-ES", fr: "fr-FR" };
export const localeCookieName = "NEXT_LOCALE";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (locales as readonly string[]).includes(value);
}

/** Unknown or missing values reset to Portuguese (spec §4, Language). */
export function resolveLocale(value: string | undefined | null): Locale {
  return isLocale(value) ? value : defaultLocale;
}

/** Lookup order for a message: the chosen language, then English, then Portuguese, then the key. */
export function fallbackChain(locale: Locale): Locale[] {
  return [...new Set<Locale>([locale, "en", "pt"])];
}
