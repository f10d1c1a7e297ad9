import "server-only";
import { deleteLead } from "@/lib/features/leads/delete-lead";
import { listLeads } from "@/lib/features/leads/queries";
import { defineOperation } from "@/lib/surfaces/public-api/operation";
import { cursorOrThrow, iso } from "@/lib/surfaces/public-api/operations/shared";
import { lead, leadIdParams, leadsQuery, pageOf } from "@/lib/surfaces/public-api/schemas";

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
