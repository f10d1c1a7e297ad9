import "server-only";
import { AppError } from "@/lib/core/errors";
import { decodeCursor } from "@/lib/core/pagination/keyset";
import { eventPublicUrl, listEvents } from "@/lib/features/events/queries";
import { deleteLead } from "@/lib/features/leads/delete-lead";
import { listLeads } from "@/lib/features/leads/queries";
import { defineOperation, type ApiOperation } from "@/lib/surfaces/public-api/operation";
import { event, lead, leadIdParams, leadsQuery, pageOf, pageQuery } from "@/lib/surfaces/public-api/schemas";

/**
 * The operations of /api/v1 (issue #38). Each calls the same lib function as the admin area,
 * with the key maker's membership: the same company scope, permissions and audit.
 */

/** A cursor that is not one of ours is a 422 here (the admin list just starts from the top). */
function cursorOrThrow(cursor: string | undefined): string | undefined {
  if (cursor !== undefined && decodeCursor(cursor) === null) {
    throw new AppError("validation", "api.errors.cursor", { fieldErrors: { cursor: "api.errors.cursor" } });
  }
  return cursor;
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

export const listEventsOperation = defineOperation({
  operationId: "listEvents",
  method: "GET",
  path: "/events",
  scope: "events:read",
  tag: "Events",
  summary: "List events",
  description: "The company's events, latest start first, drafts and cancelled ones included.",
  query: pageQuery,
  response: { schema: pageOf(event, "Event"), description: "A page of events." },
  async handle({ caller, query }) {
    const company = caller.membership.company;
    const page = await listEvents(company.id, { cursor: cursorOrThrow(query.cursor) }, query.limit);
    return {
      data: page.items.map((e) => ({
        id: e.id,
        name: e.name,
        slug: e.slug,
        status: e.status,
        visibility: e.visibility,
        startsAt: e.startsAt,
        timeZone: e.timeZone,
        location: e.location,
        participantsCount: e.participantsCount,
        maxParticipants: e.maxParticipants,
        priceMinor: e.priceMinor,
        currency: e.currency,
        contentCount: e.contentCount,
        url: eventPublicUrl(company.slug, e.slug),
      })),
      nextCursor: page.nextCursor,
    };
  },
});

export const listLeadsOperation = defineOperation({
  operationId: "listLeads",
  method: "GET",
  path: "/leads",
  scope: "leads:read",
  tag: "Leads",
  summary: "List leads",
  description:
    "The company's leads, newest first. Every read is recorded in the company's audit log (personal data).",
  query: leadsQuery,
  response: { schema: pageOf(lead, "Lead"), description: "A page of leads." },
  async handle({ caller, query }) {
    const page = await listLeads(
      caller.membership,
      {
        cursor: cursorOrThrow(query.cursor),
        eventId: query.eventId,
        contentId: query.contentId,
        from: query.from,
        to: query.to,
      },
      { limit: query.limit, apiKeyId: caller.keyId },
    );
    return {
      data: page.items.map((l) => ({
        id: l.id,
        name: l.name,
        email: l.email,
        phone: l.phone,
        companyName: l.companyName,
        contentId: l.contentId,
        eventId: l.eventId,
        consent: l.consent,
        consentAt: iso(l.consentAt),
        marketingConsent: l.marketingConsent,
        marketingConsentAt: iso(l.marketingConsentAt),
        source: l.source,
        locale: l.locale,
        createdAt: l.createdAt.toISOString(),
      })),
      nextCursor: page.nextCursor,
    };
  },
});

export const deleteLeadOperation = defineOperation({
  operationId: "deleteLead",
  method: "DELETE",
  path: "/leads/{id}",
  scope: "leads:write",
  tag: "Leads",
  summary: "Delete a lead",
  description:
    "Erases one lead (a data-subject request): the person's row and any `lead.created` webhook message not yet delivered; sends `lead.deleted`. Needs a key made by an admin.",
  params: leadIdParams,
  notFound: true,
  async handle({ caller, params }) {
    await deleteLead(caller.membership, params.id, { apiKeyId: caller.keyId });
  },
});

/** Every operation, in the document's order. */
export const API_OPERATIONS: readonly ApiOperation[] = [
  listEventsOperation,
  listLeadsOperation,
  deleteLeadOperation,
];
