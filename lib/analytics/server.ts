import "server-only";
import { analyticsCsv, analyticsCsvFileName } from "@/lib/analytics/csv";
import type { AnalyticsOverview, AnalyticsRow } from "@/lib/analytics/metrics";
import { getAnalyticsReport, listAnalyticsRows } from "@/lib/analytics/queries";
import type { AnalyticsParams } from "@/lib/analytics/range";
import type { Membership } from "@/lib/tenancy/membership";

/**
 * The analytics of the signed-in member's company, for the page and the CSV route (which
 * resolve the membership through the tenancy guard). The queries themselves take a client
 * and a company id (lib/analytics/queries.ts) so tests and the bench run them directly.
 */
export async function loadAnalytics(
  membership: Membership,
  params: AnalyticsParams,
): Promise<{ overview: AnalyticsOverview; rows: AnalyticsRow[] }> {
  const { by, ...range } = params;
  return getAnalyticsReport(membership.company.id, range, by);
}

export async function exportAnalyticsCsv(
  membership: Membership,
  params: AnalyticsParams,
): Promise<{ fileName: string; body: string }> {
  const { by, ...range } = params;
  const rows = await listAnalyticsRows(membership.company.id, range, by);
  return { fileName: analyticsCsvFileName(by, range), body: analyticsCsv(rows, by, range) };
}
