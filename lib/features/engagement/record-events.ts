import { db } from "@/lib/core/db";
import {
  getPublicContentOrThrow,
  type EngagedContent,
} from "@/lib/features/engagement/get-public-content-or-throw";
import { shareSchema, watchTimeSchema } from "@/lib/features/engagement/schemas";
import { nowUtc } from "@/lib/core/db-sql";
import { parseOrThrow } from "@/lib/core/errors";

/** A view counts once per visitor and content in this window; later calls are accepted, not counted. */
export const VIEW_WINDOW_MINUTES = 30;

function rowOf(content: EngagedContent, visitorId: string, source: string | null) {
  return { companyId: content.companyId, contentId: content.id, eventId: content.eventId, visitorId, source };
}

export async function recordShare(
  contentId: string,
  visitorId: string,
  input: unknown,
  source: string | null = null,
): Promise<void> {
  const content = await getPublicContentOrThrow(contentId);
  const { channel } = parseOrThrow(shareSchema, input, { message: "field" });
  await db.engagementEvent.create({
    data: { ...rowOf(content, visitorId, source), type: "share", channel },
  });
}

export async function recordWatchTime(
  contentId: string,
  visitorId: string,
  input: unknown,
  source: string | null = null,
): Promise<void> {
  const content = await getPublicContentOrThrow(contentId);
  const { seconds } = parseOrThrow(watchTimeSchema, input, { message: "field" });
  await db.engagementEvent.create({
    data: { ...rowOf(content, visitorId, source), type: "watch_time", value: seconds },
  });
}

/**
 * Counts a view unless this visitor's last one for the content is younger than the window.
 * The check is part of the insert; a transaction-scoped advisory lock on (content, visitor)
 * makes two simultaneous first views of one visitor count once (the second waits, then its
 * insert sees the first). Nothing is read, incremented and written back.
 */
export async function recordView(
  contentId: string,
  visitorId: string,
  source: string | null = null,
): Promise<boolean> {
  const content = await getPublicContentOrThrow(contentId);
  const [, inserted] = await db.$transaction([
    db.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`view:${content.id}:${visitorId}`}, 0))`,
    db.$executeRaw`
      INSERT INTO "engagement_event" ("companyId", "contentId", "eventId", "type", "visitorId", "value", "source", "createdAt")
      SELECT ${content.companyId}, ${content.id}, ${content.eventId}, 'view'::"EngagementType", ${visitorId}, 1, ${source}, ${nowUtc}
      WHERE NOT EXISTS (
        SELECT 1 FROM "engagement_event"
        WHERE "contentId" = ${content.id} AND "type" = 'view' AND "visitorId" = ${visitorId}
          AND "createdAt" > ${nowUtc} - ${VIEW_WINDOW_MINUTES} * interval '1 minute'
      )`,
  ]);
  return inserted === 1;
}
