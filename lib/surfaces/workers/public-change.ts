import { db } from "@/lib/core/db";
import type { PublicChange } from "@/lib/platform/site/cache-tags";

/**
 * The public pages that media of these contents appears on: theirs, their events' and the
 * company's (a banner or a logo: no content). Apart from revalidate.ts, which the proxy's
 * modules import, so that they stay free of the database client.
 */
export async function changeOfContents(companyId: string, contentIds: string[]): Promise<PublicChange> {
  const links =
    contentIds.length > 0
      ? await db.contentEvent.findMany({
          where: { contentId: { in: contentIds } },
          select: { eventId: true },
        })
      : [];
  return { companyId, contentIds, eventIds: [...new Set(links.map((l) => l.eventId))] };
}
