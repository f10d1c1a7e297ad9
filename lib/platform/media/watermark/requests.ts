import "server-only";
import { db } from "@/lib/core/db";
import { requestWatermarks } from "@/lib/core/queue/sender";

/**
 * Queues the pass of a company's watermarked galleries whose marks may have changed (issue
 * #36): all of them (its design or logo), an event's (its sponsor logo), or the ones named (a
 * gallery linked to other events). A pass that finds its photos current does nothing.
 */
export async function redrawWatermarkedGalleries(scope: {
  companyId: string;
  eventId?: string;
  contentIds?: readonly string[];
}): Promise<string[]> {
  const rows = await db.content.findMany({
    where: {
      companyId: scope.companyId,
      watermarkPhotos: true,
      ...(scope.eventId ? { events: { some: { eventId: scope.eventId } } } : {}),
      ...(scope.contentIds ? { id: { in: [...scope.contentIds] } } : {}),
    },
    select: { id: true },
  });
  const ids = rows.map((row) => row.id);
  if (ids.length > 0) await requestWatermarks(ids);
  return ids;
}

/**
 * A loose photo that just became ready (process-media.ts): when it is the company's logo or an
 * event's sponsor logo, the marks drawn while it was processing (the company's name in place of
 * the logo, no sponsor) are redrawn with it.
 */
export async function redrawHoldersOf(companyId: string, storageKey: string): Promise<string[]> {
  const [company, events] = await Promise.all([
    db.company.count({ where: { id: companyId, logoKey: storageKey } }),
    db.event.findMany({ where: { companyId, sponsorLogoKey: storageKey }, select: { id: true } }),
  ]);
  if (company > 0) return redrawWatermarkedGalleries({ companyId });
  const queued: string[] = [];
  for (const event of events)
    queued.push(...(await redrawWatermarkedGalleries({ companyId, eventId: event.id })));
  return queued;
}
