import type { Prisma } from "@/lib/generated/prisma/client";
import { downloadPayload, type DownloadScope } from "@/lib/features/webhooks/events";
import { recordWebhookEvent } from "@/lib/features/webhooks/outbox";

/**
 * `download.created` inside the transaction that records the fan's `download` row (issue #38):
 * a single file (lib/features/engagement/request-download.ts, insert-lead.ts) or a ZIP counted
 * once per ticket (download-all.ts). The time is the transaction's clock, as the row's.
 */
export async function recordDownloadCreated(
  tx: Prisma.TransactionClient,
  content: { id: string; companyId: string; eventId: string | null },
  mediaId: string | null,
  scope: DownloadScope,
  source: string | null,
  at: Date = new Date(),
): Promise<number> {
  const payload = downloadPayload({
    contentId: content.id,
    eventId: content.eventId,
    mediaId,
    scope,
    source,
    at,
  });
  return recordWebhookEvent(tx, content.companyId, "download.created", payload, at);
}
