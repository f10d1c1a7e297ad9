import { appUrl } from "@/lib/core/env";
import type { Prisma } from "@/lib/generated/prisma/client";
import { tenantLinks } from "@/lib/platform/site/links";
import { eventPublishedPayload } from "@/lib/features/webhooks/events";
import { recordWebhookEvent } from "@/lib/features/webhooks/outbox";

/**
 * `event.published` inside the transaction that makes the event go live (created published, or
 * published from draft or cancelled): the event as it now stands, with its public link.
 */
export async function recordEventPublished(
  tx: Prisma.TransactionClient,
  companySlug: string,
  eventId: string,
  at: Date = new Date(),
): Promise<void> {
  const event = await tx.event.findUniqueOrThrow({
    where: { id: eventId },
    select: {
      id: true,
      companyId: true,
      name: true,
      slug: true,
      startsAt: true,
      timeZone: true,
      location: true,
      visibility: true,
    },
  });
  const url = `${appUrl}${tenantLinks("path", companySlug).event(event.slug)}`;
  await recordWebhookEvent(
    tx,
    event.companyId,
    "event.published",
    eventPublishedPayload({ ...event, url }),
    at,
  );
}
