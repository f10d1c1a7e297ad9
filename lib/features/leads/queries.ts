import "server-only";
import { recordMemberAudit } from "@/lib/core/audit/record";
import { DIRECT_SOURCE, sourceLabels } from "@/lib/platform/attribution/labels";
import { db } from "@/lib/core/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { LeadCsvRecord } from "@/lib/features/leads/csv";
import { auditFilters, LEADS_PAGE_SIZE, type LeadFilters } from "@/lib/features/leads/schemas";
import { buildLeadWhere } from "@/lib/features/leads/where";
import { keysetSlice, NEWEST_FIRST, type KeysetLinks } from "@/lib/core/pagination/keyset";
import type { Membership } from "@/lib/platform/tenancy/membership";
import { assertCan } from "@/lib/platform/access/permissions";

/** The columns of a lead as the list and the exports show it. */
export const leadSelect = {
  id: true,
  contentId: true,
  eventId: true,
  name: true,
  email: true,
  phone: true,
  companyName: true,
  consent: true,
  consentAt: true,
  marketingConsent: true,
  marketingConsentAt: true,
  locale: true,
  source: true,
  createdAt: true,
  updatedAt: true,
  event: { select: { name: true } },
  content: {
    select: {
      title: true,
      events: { select: { event: { select: { name: true } } }, orderBy: { position: "asc" }, take: 1 },
    },
  },
} satisfies Prisma.LeadSelect;

type SelectedLead = Prisma.LeadGetPayload<{ select: typeof leadSelect }>;

/** A lead as the list, the exports and the public API show it. */
export type LeadView = LeadCsvRecord & { contentId: string | null; eventId: string | null };

/** The lead's event: the one it names, else its content's first linked event. */
export function toLeadView(lead: SelectedLead): LeadView {
  const { event, content, ...rest } = lead;
  return {
    ...rest,
    contentTitle: content?.title ?? null,
    eventName: event?.name ?? content?.events[0]?.event.name ?? null,
    sourceLabel: rest.source ?? DIRECT_SOURCE,
  };
}

/** The leads with their sources' readable labels (one look-up for the whole batch). */
export async function withSourceLabels(companyId: string, leads: LeadView[]): Promise<LeadView[]> {
  const labels = await sourceLabels(
    companyId,
    leads.map((l) => l.source),
  );
  return leads.map((l) => ({ ...l, sourceLabel: labels.get(l.source ?? DIRECT_SOURCE) ?? DIRECT_SOURCE }));
}

export interface LeadList extends KeysetLinks {
  items: LeadView[];
  total: number;
}

/**
 * One page of the company's leads, newest first, after or before the filters' cursor. Reading
 * them is audited (spec §7 `lead_data_access`) with what was asked, never with the personal
 * data shown (nor the cursor: which page is enough).
 */
export async function listLeads(
  membership: Membership,
  filters: LeadFilters,
  /** The public API's page size and key (issue #38); the admin list's defaults otherwise. */
  options: { limit?: number; apiKeyId?: string } = {},
): Promise<LeadList> {
  // Checked here as well as by the page's guard: the public API calls this with a key's maker.
  assertCan(membership, "leads.view");
  const companyId = membership.company.id;
  const where = buildLeadWhere(companyId, filters);
  const [total, { rows, ...links }] = await Promise.all([
    db.lead.count({ where }),
    keysetSlice({
      order: NEWEST_FIRST,
      where,
      request: filters,
      limit: options.limit ?? LEADS_PAGE_SIZE,
      find: (page) => db.lead.findMany({ ...page, select: leadSelect }),
    }),
  ]);
  await recordMemberAudit(membership, {
    action: "lead_data_access",
    record: { table: "lead" },
    details: {
      operation: "list",
      filters: auditFilters(filters),
      page: filters.before ? "previous" : filters.cursor ? "next" : "first",
      count: rows.length,
      total,
      ...(options.apiKeyId ? { via: "api", apiKeyId: options.apiKeyId } : {}),
    },
  });
  return {
    items: await withSourceLabels(companyId, rows.map(toLeadView)),
    total,
    ...links,
  };
}

/** Whether the company has any lead at all (an empty list vs. "no results for these filters"). */
export async function companyHasLeads(companyId: string): Promise<boolean> {
  return (await db.lead.findFirst({ where: { companyId }, select: { id: true } })) !== null;
}

export interface LeadFilterOptions {
  contents: { id: string; title: string }[];
  events: { id: string; name: string }[];
}

/** The content and event choices of the filters: the company's own, newest first. */
export async function leadFilterOptions(companyId: string): Promise<LeadFilterOptions> {
  const [contents, events] = await Promise.all([
    db.content.findMany({
      where: { companyId },
      orderBy: [{ createdAt: "desc" }, { id: "asc" }],
      select: { id: true, title: true },
      take: 500,
    }),
    db.event.findMany({
      where: { companyId },
      orderBy: [{ startsAt: "desc" }, { id: "asc" }],
      select: { id: true, name: true },
      take: 500,
    }),
  ]);
  return { contents, events };
}
