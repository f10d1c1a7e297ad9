import "server-only";
import { analyticsCsv, analyticsCsvFileName, sourceCsv } from "@/lib/features/analytics/csv";
import { listSourceRows } from "@/lib/features/analytics/dimensions";
import { mostFavourited, type FavouriteGallery } from "@/lib/features/analytics/favourites";
import type { AnalyticsOverview, AnalyticsRow } from "@/lib/features/analytics/metrics";
import type { SourceRow } from "@/lib/features/analytics/source-rows";
import { getAnalyticsReport, listAnalyticsRows } from "@/lib/features/analytics/queries";
import type { AnalyticsParams } from "@/lib/features/analytics/range";
import type { Membership } from "@/lib/platform/tenancy/membership";

/**
 * The analytics of the signed-in member's company, for the page and the CSV route (which
 * resolve the membership through the tenancy guard). The queries themselves take a client
 * and a company id (lib/features/analytics/queries.ts) so tests and the bench run them directly.
 */
export async function loadAnalytics(
  membership: Membership,
  params: AnalyticsParams,
): Promise<{
  overview: AnalyticsOverview;
  rows: AnalyticsRow[];
  sources: SourceRow[] | null;
  favourites: FavouriteGallery[];
}> {
  const { by, ...range } = params;
  const companyId = membership.company.id;
  const [report, sources, favourites] = await Promise.all([
    getAnalyticsReport(companyId, range, by === "source" ? "content" : by),
    by === "source" ? listSourceRows(companyId, range) : null,
    mostFavourited(companyId),
  ]);
  return { ...report, sources, favourites };
}

export async function exportAnalyticsCsv(
  membership: Membership,
  params: AnalyticsParams,
): Promise<{ fileName: string; body: string }> {
  const { by, ...range } = params;
  if (by === "source") {
    const rows = await listSourceRows(membership.company.id, range);
    return { fileName: analyticsCsvFileName(by, range), body: sourceCsv(rows) };
  }
  const rows = await listAnalyticsRows(membership.company.id, range, by);
  return { fileName: analyticsCsvFileName(by, range), body: analyticsCsv(rows, by, range) };
}
