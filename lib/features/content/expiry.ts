import { db } from "@/lib/core/db";
import type { GalleryExpiryJobData } from "@/lib/core/queue/queues";
import type { PublicChange } from "@/lib/platform/site/cache-tags";

/**
 * The public pages to refresh when a gallery expires (issue #36): the gallery's own page (now
 * "no longer available") and the pages that list it (the company's landing page, its events').
 * Null when the job is stale: the organiser changed or removed the date since it was sent, or
 * the gallery is gone (a new date sent its own job).
 */
export async function expiredGalleryChange(
  job: GalleryExpiryJobData,
  now = new Date(),
): Promise<PublicChange | null> {
  const row = await db.content.findUnique({
    where: { id: job.contentId },
    select: { companyId: true, expiresAt: true, events: { select: { eventId: true } } },
  });
  if (!row?.expiresAt || row.expiresAt.toISOString() !== job.expiresAt || row.expiresAt > now) return null;
  return {
    companyId: row.companyId,
    contentIds: [job.contentId],
    eventIds: row.events.map((e) => e.eventId),
  };
}
