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

export interface LeadRow {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  contentTitle: string | null;
  createdAt: Date;
}

/** The company's latest leads, newest first (the admin shell's leads list). */
export async function listRecentLeads(
  companyId: string,
  take = 100,
): Promise<{ rows: LeadRow[]; total: number }> {
  const [rows, total] = await Promise.all([
    db.lead.findMany({
      where: { companyId },
      orderBy: { createdAt: "desc" },
      take,
      select: {
        id: true,
        name: true,
        email: true,
        phone: true,
        createdAt: true,
        content: { select: { title: true } },
      },
    }),
    db.lead.count({ where: { companyId } }),
  ]);
  return {
    rows: rows.map(({ content, ...lead }) => ({ ...lead, contentTitle: content?.title ?? null })),
    total,
  };
}
