import { appUrl } from "@/lib/core/env";
import type { Prisma } from "@/lib/generated/prisma/client";
import { tenantLinks } from "@/lib/platform/site/links";
import { contentPublishedPayload } from "@/lib/features/webhooks/events";
import { recordWebhookEvent } from "@/lib/features/webhooks/outbox";

/** `content.published` inside the publishing transaction: the content as it now stands, with its public link. */
export async function recordContentPublished(
  tx: Prisma.TransactionClient,
  companySlug: string,
  contentId: string,
  publishedAt: Date,
): Promise<void> {
  const content = await tx.content.findUniqueOrThrow({
    where: { id: contentId },
    select: { id: true, companyId: true, title: true, kind: true, visibility: true },
  });
  const url = `${appUrl}${tenantLinks("path", companySlug).player(content.id)}`;
  const payload = contentPublishedPayload({ ...content, publishedAt, url });
  await recordWebhookEvent(tx, content.companyId, "content.published", payload, publishedAt);
}
