import "server-only";
import { getAllTimeCounts } from "@/lib/analytics/queries";
import { db } from "@/lib/db";

export interface DashboardTotals {
  contents: number;
  publishedContents: number;
  downloads: number;
  leads: number;
}

/**
 * The dashboard's totals (spec §2), scoped by company. Downloads and leads come from the
 * analytics counts (lib/analytics/queries.ts), as the analytics page and the content list
 * do, so they never disagree; leads are the people in the leads list.
 */
export async function getDashboardTotals(companyId: string): Promise<DashboardTotals> {
  const [contents, publishedContents, counts] = await Promise.all([
    db.content.count({ where: { companyId } }),
    db.content.count({ where: { companyId, status: "published" } }),
    getAllTimeCounts(companyId),
  ]);
  return { contents, publishedContents, downloads: counts.downloads, leads: counts.leads };
}
