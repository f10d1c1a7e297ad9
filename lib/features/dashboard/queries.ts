import "server-only";
import { getAllTimeCounts } from "@/lib/features/analytics/queries";
import { buildChecklist, type Checklist } from "@/lib/features/dashboard/checklist";
import { recordMemberAudit } from "@/lib/core/audit/record";
import { db } from "@/lib/core/db";
import type { Membership } from "@/lib/platform/tenancy/membership";
import { can } from "@/lib/platform/access/permissions";

const DAY_MS = 86_400_000;
/** A few rows each: the dashboard links to the full lists. */
const RECENT_ROWS = 5;

export interface RecentLead {
  id: string;
  name: string;
  email: string;
  contentTitle: string | null;
  createdAt: Date;
}

export interface RecentComment {
  id: string;
  contentId: string;
  contentTitle: string;
  authorName: string | null;
  rating: number | null;
  text: string;
  hidden: boolean;
  createdAt: Date;
}

/**
 * The spec's four totals (§2 "/admin"), all time. Downloads and leads are the analytics counts
 * (roll-up plus the raw rows after it), as the analytics page and the content list read them, so
 * the three never disagree.
 */
export interface DashboardTotals {
  contents: number;
  publishedContents: number;
  downloads: number;
  leads: number;
}

export interface Dashboard {
  checklist: Checklist;
  totals: DashboardTotals;
  /** Fans' views of the last 7 days and of the 7 days before (rolling, so never a zero Monday). */
  views: { thisWeek: number; lastWeek: number };
  /** null when the member's role may not see them (the section is left out). */
  recentLeads: RecentLead[] | null;
  recentComments: RecentComment[] | null;
}

async function checklistOf(
  companyId: string,
): Promise<{ checklist: Checklist; contents: number; publishedContents: number }> {
  const [company, events, uploadedMedia, publishedEvents, publishedContents, fanVisit, contents] =
    await Promise.all([
      db.company.findUniqueOrThrow({
        where: { id: companyId },
        select: { linkSharedAt: true, checklistDismissedAt: true },
      }),
      db.event.count({ where: { companyId } }),
      db.mediaFile.count({
        where: { companyId, contentId: { not: null }, state: { in: ["processing", "ready"] } },
      }),
      db.event.count({ where: { companyId, status: "published" } }),
      db.content.count({ where: { companyId, status: "published" } }),
      db.engagementEvent.findFirst({
        where: { companyId, type: { in: ["view", "share"] } },
        select: { id: true },
      }),
      db.content.count({ where: { companyId } }),
    ]);
  const checklist = buildChecklist({
    events,
    uploadedMedia,
    published: publishedEvents + publishedContents,
    linkShared: company.linkSharedAt !== null,
    fanVisits: fanVisit ? 1 : 0,
    dismissed: company.checklistDismissedAt !== null,
  });
  return { checklist, contents, publishedContents };
}

async function weekViews(companyId: string, now: Date): Promise<Dashboard["views"]> {
  const weekAgo = new Date(now.getTime() - 7 * DAY_MS);
  const twoWeeksAgo = new Date(now.getTime() - 14 * DAY_MS);
  // Fourteen days of one company's views: an index range on (companyId, type, createdAt).
  const rows = await db.$queryRaw<{ this_week: bigint; last_week: bigint }[]>`
    SELECT count(*) FILTER (WHERE "createdAt" >= ${weekAgo})::bigint AS this_week,
           count(*) FILTER (WHERE "createdAt" < ${weekAgo})::bigint AS last_week
    FROM "engagement_event"
    WHERE "companyId" = ${companyId} AND "type" = 'view'
      AND "createdAt" >= ${twoWeeksAgo} AND "createdAt" <= ${now}`;
  return { thisWeek: Number(rows[0]?.this_week ?? 0), lastWeek: Number(rows[0]?.last_week ?? 0) };
}

/** The newest leads; showing them is a read of personal data, audited like the leads list (spec §7). */
async function recentLeads(membership: Membership): Promise<RecentLead[]> {
  const companyId = membership.company.id;
  const rows = await db.lead.findMany({
    where: { companyId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: RECENT_ROWS,
    select: { id: true, name: true, email: true, createdAt: true, content: { select: { title: true } } },
  });
  if (rows.length > 0) {
    await recordMemberAudit(membership, {
      action: "lead_data_access",
      record: { table: "lead" },
      details: { operation: "dashboard", count: rows.length },
    });
  }
  return rows.map(({ content, ...lead }) => ({ ...lead, contentTitle: content?.title ?? null }));
}

function recentComments(companyId: string): Promise<RecentComment[]> {
  return db.comment
    .findMany({
      where: { companyId },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: RECENT_ROWS,
      select: {
        id: true,
        contentId: true,
        authorName: true,
        rating: true,
        text: true,
        hidden: true,
        createdAt: true,
        content: { select: { title: true } },
      },
    })
    .then((rows) => rows.map(({ content, ...comment }) => ({ ...comment, contentTitle: content.title })));
}

/**
 * Everything the dashboard shows, scoped by the guarded membership's company; leads and
 * comments only for roles that may see their lists.
 */
export async function getDashboard(membership: Membership, now: Date = new Date()): Promise<Dashboard> {
  const companyId = membership.company.id;
  const [{ checklist, contents, publishedContents }, counts, views, leads, comments] = await Promise.all([
    checklistOf(companyId),
    getAllTimeCounts(companyId),
    weekViews(companyId, now),
    can(membership, "leads.view") ? recentLeads(membership) : null,
    can(membership, "comments.moderate") ? recentComments(companyId) : null,
  ]);
  return {
    checklist,
    totals: { contents, publishedContents, downloads: counts.downloads, leads: counts.leads },
    views,
    recentLeads: leads,
    recentComments: comments,
  };
}

/** The checklist's "share the link" step: the organiser copied the public link. */
export async function markLinkShared(companyId: string): Promise<void> {
  // Only the first copy counts; later ones leave the date alone (and write nothing).
  await db.company.updateMany({
    where: { id: companyId, linkSharedAt: null },
    data: { linkSharedAt: new Date() },
  });
}

/** Puts the completed checklist away; an incomplete one stays (it is the way in). */
export async function dismissChecklist(companyId: string): Promise<void> {
  const { checklist } = await checklistOf(companyId);
  if (!checklist.complete) return;
  await db.company.updateMany({
    where: { id: companyId, checklistDismissedAt: null },
    data: { checklistDismissedAt: new Date() },
  });
}
