import type { AnalyticsRow } from "@/lib/features/analytics/metrics";
import type { Breakdown, DayRange, ItemBreakdown } from "@/lib/features/analytics/range";
import type { SourceRow } from "@/lib/features/analytics/source-rows";
import { CSV_BOM, csvRow } from "@/lib/core/csv";

/**
 * The analytics export: one record per content or event of the range, every metric, English
 * column names (the file is read by tools as much as by people), UTF-8 with a BOM.
 */
const METRIC_COLUMNS = [
  "views",
  "unique_visitors",
  "likes",
  "shares",
  "comments",
  "downloads",
  "leads",
  "watch_seconds",
] as const;

export const ANALYTICS_CSV_COLUMNS = {
  content: ["content_id", "content", "kind", "from", "to", ...METRIC_COLUMNS],
  event: ["event_id", "event", "event_date", "from", "to", ...METRIC_COLUMNS],
} as const satisfies Record<ItemBreakdown, readonly string[]>;

/** `?by=source`: one record per source (`direct` for none), most viewed first. */
export const SOURCE_CSV_COLUMNS = [
  "source",
  "label",
  "views",
  "unique_visitors",
  "likes",
  "shares",
  "downloads",
  "leads",
] as const;

export function sourceCsv(rows: readonly SourceRow[]): string {
  const lines = [csvRow(SOURCE_CSV_COLUMNS)];
  for (const r of rows) {
    lines.push(
      csvRow([r.source, r.label, r.views, r.uniqueVisitors, r.likes, r.shares, r.downloads, r.leads]),
    );
  }
  return CSV_BOM + lines.join("");
}

export function analyticsCsv(rows: readonly AnalyticsRow[], by: ItemBreakdown, range: DayRange): string {
  const lines = [csvRow(ANALYTICS_CSV_COLUMNS[by])];
  for (const r of rows) {
    lines.push(
      csvRow([
        r.id,
        r.name,
        r.detail,
        range.from,
        range.to,
        r.views,
        r.uniqueVisitors,
        r.likes,
        r.shares,
        r.comments,
        r.downloads,
        r.leads,
        r.watchSeconds,
      ]),
    );
  }
  return CSV_BOM + lines.join("");
}

/** `analytics-content-2026-10-24-to-2026-11-22.csv`. */
export function analyticsCsvFileName(by: Breakdown, range: DayRange): string {
  return `analytics-${by}-${range.from}-to-${range.to}.csv`;
}
