import type { Locale } from "@/lib/i18n/config";
import type { Translations } from "@/lib/public/types";

/** The text of a translation map in `locale`, else Portuguese (the mandatory one), else any. */
export function localized(map: Translations, locale: Locale): string | null {
  return map[locale] ?? map.pt ?? map.en ?? Object.values(map).find(Boolean) ?? null;
}
