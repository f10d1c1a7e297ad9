import { z } from "zod";
import { isoDay } from "@/lib/core/validation/common";

/**
 * The analytics date range: whole UTC days, both ends included, as YYYY-MM-DD. The page and
 * the CSV share it. Days are UTC so a figure is the same for every viewer and matches the
 * daily roll-up (lib/features/analytics/rollup.ts).
 */
export const DEFAULT_RANGE_DAYS = 30;
/** Longest range: three years of days, enough for year-over-year and bounded in cost. */
export const MAX_RANGE_DAYS = 1096;

const DAY_MS = 86_400_000;

export const BREAKDOWNS = ["content", "event", "source"] as const;
export type Breakdown = (typeof BREAKDOWNS)[number];
/** The breakdowns whose rows are contents or events (the source table has rows of its own). */
export type ItemBreakdown = Exclude<Breakdown, "source">;

export interface DayRange {
  /** First day, YYYY-MM-DD. */
  from: string;
  /** Last day (included), YYYY-MM-DD. */
  to: string;
}

export interface AnalyticsParams extends DayRange {
  by: Breakdown;
}

export function dayOf(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Midnight UTC of a YYYY-MM-DD day. */
export function startOfDay(day: string): Date {
  return new Date(`${day}T00:00:00.000Z`);
}

export function addDays(day: string, days: number): string {
  return dayOf(new Date(startOfDay(day).getTime() + days * DAY_MS));
}

/** Number of days from `from` to `to`, both included. */
export function daysIn(range: DayRange): number {
  return Math.round((startOfDay(range.to).getTime() - startOfDay(range.from).getTime()) / DAY_MS) + 1;
}

/** Every day of the range, oldest first. */
export function eachDay(range: DayRange): string[] {
  const n = daysIn(range);
  return Array.from({ length: Math.max(0, n) }, (_, i) => addDays(range.from, i));
}

/** The last `days` days ending today (UTC). */
export function lastDays(days: number, now: Date = new Date()): DayRange {
  const to = dayOf(now);
  return { from: addDays(to, -(days - 1)), to };
}

/** The calendar day (YYYY-MM-DD) of an instant in an IANA time zone (UTC if it is unknown). */
export function dayIn(instant: Date, timeZone: string): string {
  try {
    // en-CA writes dates as YYYY-MM-DD.
    return new Intl.DateTimeFormat("en-CA", { timeZone }).format(instant);
  } catch {
    return dayOf(instant);
  }
}

/**
 * Which part of a range the roll-up holds (days up to the watermark) and which part is read
 * raw (the days after it). Either part may be empty.
 */
export function splitAtWatermark(
  range: DayRange,
  throughDay: string | null,
): { rolled: DayRange | null; raw: DayRange | null } {
  if (throughDay === null || throughDay < range.from) return { rolled: null, raw: range };
  if (throughDay >= range.to) return { rolled: range, raw: null };
  return {
    rolled: { from: range.from, to: throughDay },
    raw: { from: addDays(throughDay, 1), to: range.to },
  };
}

/** The first day of the month after `day`'s. */
export function nextMonth(day: string): string {
  const d = startOfDay(day);
  return dayOf(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)));
}

/**
 * The whole calendar months inside `range` (their first days) and the days around them: the
 * roll-up keeps a row per month and per day, so a year reads about a dozen months and the
 * edges' days instead of 365 days.
 */
export function monthsAndDays(range: DayRange): { months: string[]; days: DayRange[] } {
  const months: string[] = [];
  let start = range.from.endsWith("-01") ? range.from : nextMonth(range.from);
  while (addDays(nextMonth(start), -1) <= range.to) {
    months.push(start);
    start = nextMonth(start);
  }
  if (months.length === 0) return { months, days: [range] };
  const days: DayRange[] = [];
  if (months[0]! > range.from) days.push({ from: range.from, to: addDays(months[0]!, -1) });
  if (start <= range.to) days.push({ from: start, to: range.to });
  return { months, days };
}

const paramsSchema = z.object({
  from: isoDay.optional(),
  to: isoDay.optional(),
  by: z.enum(BREAKDOWNS).optional(),
});

export type RangeError = "invalidDate" | "fromAfterTo" | "tooLong" | "invalidBreakdown";

type Query = Record<string, string | string[] | undefined>;

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) || undefined;

export type ParsedParams = { ok: true; params: AnalyticsParams } | { ok: false; error: RangeError };

/**
 * Reads `from`, `to` and `by` from a query. Missing ends default to the last 30 days (a lone
 * `from` runs to today; a lone `to` starts 29 days before it). The CSV answers 422 on an
 * error; the page shows the error and falls back to the default range.
 */
export function parseAnalyticsParams(query: Query, now: Date = new Date()): ParsedParams {
  const raw = { from: first(query.from), to: first(query.to), by: first(query.by) };
  const parsed = paramsSchema.safeParse(raw);
  if (!parsed.success) {
    const byFailed = parsed.error.issues.some((issue) => issue.path[0] === "by");
    return { ok: false, error: byFailed ? "invalidBreakdown" : "invalidDate" };
  }
  const { from, to, by = "content" } = parsed.data;
  const fallback = lastDays(DEFAULT_RANGE_DAYS, now);
  const range: DayRange = {
    from: from ?? (to ? addDays(to, -(DEFAULT_RANGE_DAYS - 1)) : fallback.from),
    to: to ?? (from && from > fallback.to ? from : fallback.to),
  };
  if (range.from > range.to) return { ok: false, error: "fromAfterTo" };
  if (daysIn(range) > MAX_RANGE_DAYS) return { ok: false, error: "tooLong" };
  return { ok: true, params: { ...range, by } };
}

/** The parameter an error is about, for the form's field errors. */
export function rangeErrorField(error: RangeError, query: Query): "from" | "to" | "by" {
  if (error === "invalidBreakdown") return "by";
  if (error === "invalidDate") {
    const from = first(query.from);
    return from !== undefined && !isoDay.safeParse(from).success ? "from" : "to";
  }
  return "from";
}

/** Quick ranges offered on the page. */
export const PRESET_DAYS = [7, 30, 90, 365] as const;
