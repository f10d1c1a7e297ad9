import "server-only";
import { db } from "@/lib/db";

export interface DashboardTotals {
  contents: number;
  publishedContents: number;
  downloads: number;
  leads: number;
}

/** The dashboard's totals (spec §2), counted from the rows themselves, scoped by company. */
export async function getDashboardTotals(companyId: string): Promise<DashboardTotals> {
  const [contents, publishedContents, downloads, leads] = await Promise.all([
    db.content.count({ where: { companyId } }),
    db.content.count({ where: { companyId, status: "published" } }),
    db.engagementEvent.count({ where: { companyId, type: "download" } }),
    db.lead.count({ where: { companyId } }),
  ]);
  return { contents, publishedContents, downloads, leads };
}
