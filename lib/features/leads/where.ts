import type { Prisma } from "@/lib/generated/prisma/client";
import type { LeadFilters } from "@/lib/features/leads/schemas";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The first instant of a `YYYY-MM-DD` day in UTC. */
export function utcDayStart(day: string): Date {
  return new Date(`${day}T00:00:00.000Z`);
}

/**
 * The one where-clause of the leads list and the CSV export. The company comes first and is
 * never optional: every other condition narrows that company's leads.
 * - search: name, e-mail, phone or company name contain the text (case-insensitive);
 * - event: the lead names the event, or its content is linked to it (content_event);
 * - dates: UTC days, `to` included (createdAt < the day after `to`).
 */
export function buildLeadWhere(companyId: string, filters: LeadFilters): Prisma.LeadWhereInput {
  const and: Prisma.LeadWhereInput[] = [{ companyId }];
  if (filters.q) {
    const contains = { contains: filters.q, mode: "insensitive" } as const;
    and.push({
      OR: [{ name: contains }, { email: contains }, { phone: contains }, { companyName: contains }],
    });
  }
  if (filters.contentId) and.push({ contentId: filters.contentId });
  if (filters.eventId) {
    and.push({
      OR: [{ eventId: filters.eventId }, { content: { events: { some: { eventId: filters.eventId } } } }],
    });
  }
  if (filters.from || filters.to) {
    const createdAt: Prisma.DateTimeFilter = {};
    if (filters.from) createdAt.gte = utcDayStart(filters.from);
    if (filters.to) createdAt.lt = new Date(utcDayStart(filters.to).getTime() + DAY_MS);
    and.push({ createdAt });
  }
  return { AND: and };
}
