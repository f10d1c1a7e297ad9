import "server-only";
import { eventPublicUrl, listEvents } from "@/lib/features/events/queries";
import { defineOperation } from "@/lib/surfaces/public-api/operation";
import { cursorOrThrow } from "@/lib/surfaces/public-api/operations/shared";
import { event, pageOf, pageQuery } from "@/lib/surfaces/public-api/schemas";

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
