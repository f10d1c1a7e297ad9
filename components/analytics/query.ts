import type { AnalyticsParams } from "@/lib/features/analytics/range";

/** The query string of a period and breakdown, shared by the page's links and the CSV link. */
export function analyticsQuery(params: AnalyticsParams): string {
  return new URLSearchParams({ from: params.from, to: params.to, by: params.by }).toString();
}
