import { db } from "@/lib/db";
import { getPublicContentOrThrow } from "@/lib/engagement/get-public-content-or-throw";
import { nowUtc } from "@/lib/engagement/sql";

export interface LikeState {
  liked: boolean;
  likes: number;
}

/**
 * Toggles the visitor's like, or sets it when `liked` is given (a retried request then
 * changes nothing). One statement (atomic on its own) removes or adds the `content_like` row,
 * writes a like or unlike engagement row only when the state really changed, so over all
 * time likes − unlikes equals the rows left, and counts those rows: never a stored counter.
 */
export async function toggleLike(
  contentId: string,
  visitorId: string,
  liked?: boolean,
  source: string | null = null,
): Promise<LikeState> {
  const content = await getPublicContentOrThrow(contentId);
  const mayRemove = liked !== true;
  const mayAdd = liked !== false;
  const [change] = await db.$queryRaw<{ removed: boolean; likes: number }[]>`
    WITH removed AS (
      DELETE FROM "content_like"
      WHERE "contentId" = ${content.id} AND "visitorId" = ${visitorId} AND ${mayRemove}::boolean
      RETURNING 1
    ), added AS (
      INSERT INTO "content_like" ("contentId", "visitorId", "companyId", "createdAt")
      SELECT ${content.id}, ${visitorId}, ${content.companyId}, ${nowUtc}
      WHERE ${mayAdd}::boolean AND NOT EXISTS (SELECT 1 FROM removed)
      ON CONFLICT DO NOTHING
      RETURNING 1
    ), logged AS (
      INSERT INTO "engagement_event" ("companyId", "contentId", "eventId", "type", "visitorId", "value", "source", "createdAt")
      SELECT ${content.companyId}, ${content.id}, ${content.eventId},
        (CASE WHEN EXISTS (SELECT 1 FROM removed) THEN 'unlike' ELSE 'like' END)::"EngagementType",
        ${visitorId}, 1, ${source}, ${nowUtc}
      WHERE EXISTS (SELECT 1 FROM removed) OR EXISTS (SELECT 1 FROM added)
    )
    -- The statement's snapshot does not see its own change: add it to the count.
    SELECT EXISTS (SELECT 1 FROM removed) AS "removed",
      ((SELECT count(*) FROM "content_like" WHERE "contentId" = ${content.id})
        + (SELECT count(*) FROM added) - (SELECT count(*) FROM removed))::int AS "likes"`;
  // Toggle: a removed like leaves it off; otherwise it is on (added now or by a twin request).
  const state = liked ?? !change!.removed;
  return { liked: state, likes: change!.likes };
}
