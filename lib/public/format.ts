import type { Locale } from "@/lib/i18n/config";

/** Intl tags of the app's languages (European Portuguese, like the messages). */
export const intlLocale: Record<Locale, string> = { pt: "pt-PT", en: "en-GB", es: "es-ES", fr: "fr-FR" };

function zoned(timeZone: string): string {
  try {
    new Intl.DateTimeFormat("en", { timeZone });
    return timeZone;
  } catch {
    return "UTC";
  }
}

/** An event's date and time as the organiser meant it: in the event's own time zone. */
export function formatEventDate(iso: string, timeZone: string, locale: Locale): string {
  return new Intl.DateTimeFormat(intlLocale[locale], {
    dateStyle: "full",
    timeStyle: "short",
    timeZone: zoned(timeZone),
  }).format(new Date(iso));
}

/** Short form for cards: "18 jul 2026". */
export function formatShortDate(iso: string, timeZone: string, locale: Locale): string {
  return new Intl.DateTimeFormat(intlLocale[locale], {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: zoned(timeZone),
  }).format(new Date(iso));
}

const commentDateFormats = new Map<Locale, Intl.DateTimeFormat>();

/**
 * A comment's day in the fan's time zone ("25/11/2026"). The formatter is built on the first
 * comment shown and kept: creating an Intl.DateTimeFormat loads the locale's calendar data, about
 * 30 ms on a 2-core machine (four times that on a phone), which a page without comments, or the
 * hydration of one, should never pay.
 */
export function formatCommentDate(iso: string, locale: Locale): string {
  let format = commentDateFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale[locale], { dateStyle: "medium" });
    commentDateFormats.set(locale, format);
  }
  return format.format(new Date(iso));
}

const countFormats = new Map<Locale, Intl.NumberFormat>();

/**
 * A count as the fan's language writes it: "1,234" in English, "1234" in Portuguese and Spanish,
 * "1 234" in French. Below 1,000 all four write the plain digits, so no formatter is built:
 * creating an Intl.NumberFormat loads the locale's number data, ~13 ms on a 2-core machine (four
 * times that on a phone), in the render that shows a player's like and comment counts.
 */
export function formatCount(count: number, locale: Locale): string {
  if (Number.isInteger(count) && count >= 0 && count < 1000) return String(count);
  let format = countFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale[locale]);
    countFormats.set(locale, format);
  }
  return format.format(count);
}

/** The price in the event's currency, or null when the event is free (null or 0). */
export function formatPrice(priceMinor: number | null, currency: string, locale: Locale): string | null {
  if (!priceMinor || priceMinor <= 0) return null;
  try {
    return new Intl.NumberFormat(intlLocale[locale], { style: "currency", currency }).format(
      priceMinor / 100,
    );
  } catch {
    return `${(priceMinor / 100).toFixed(2)} ${currency}`;
  }
}
