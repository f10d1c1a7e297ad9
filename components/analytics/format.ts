import type { Metrics } from "@/lib/features/analytics/metrics";

const NBSP = "\u00a0";

/**
 * Watched time for people: "3 h 25 min", "12 min", "45 s" (the SI-style abbreviations read the
 * same in pt, en, es and fr). Hours use the locale's digit grouping; seconds are dropped once
 * there is a whole minute. Number and unit are joined by a no-break space so they never wrap
 * apart.
 */
export function formatWatchedTime(seconds: number, locale: string): string {
  const total = Number.isFinite(seconds) ? Math.max(0, Math.round(seconds)) : 0;
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  if (hours > 0) {
    const h = `${number.format(hours)}${NBSP}h`;
    return minutes > 0 ? `${h} ${minutes}${NBSP}min` : h;
  }
  if (minutes > 0) return `${minutes}${NBSP}min`;
  return `${total}${NBSP}s`;
}

/** Whether any engagement happened (a range of only zeros shows the empty note instead). */
export function hasEngagement(totals: Metrics): boolean {
  return Object.values(totals).some((value) => value !== 0);
}
