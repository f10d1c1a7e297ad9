import { intlLocale, type Locale } from "@/lib/core/i18n/config";

export { intlLocale };

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

/**
 * A comment's day in the fan's time zone, written the way every language of the app writes a
 * date in figures: day/month/year, "25/11/2026" (en-GB, pt-PT, es-ES and fr-FR alike; a unit test
 * holds it equal to Intl's for each language). Built from the Date's own fields, not with Intl:
 * the first Intl formatter a page creates initialises the browser's ICU, 15–30 ms of the main
 * thread on a 2-core machine (four times that on a phone), which the player paid in the task that
 * shows its comments; comments need no month names.
 */
export function formatCommentDate(iso: string): string {
  const date = new Date(iso);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${two(date.getDate())}/${two(date.getMonth() + 1)}/${date.getFullYear()}`;
}

const countFormats = new Map<Locale, Intl.NumberFormat>();

/**
 * A count as the fan's language writes it: "1,234" in English, "1234" in Portuguese and Spanish,
 * "1 234" in French. Below 1,000 all four write the plain digits, so no formatter is built (the
 * first one initialises ICU, see `formatCommentDate`) in the render that shows a player's like
 * and comment counts.
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
