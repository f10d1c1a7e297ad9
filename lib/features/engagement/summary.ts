import { ttlCache } from "@/lib/core/cache/ttl-cache";
import { fanPool } from "@/lib/core/db-pool";
import { isRecordIdShape } from "@/lib/core/validation/common";
import { notFound } from "@/lib/features/engagement/get-public-content-or-throw";
import type { EngagementSummary } from "@/lib/features/engagement/queries";
import { clearWithPublicCaches } from "@/lib/platform/site/public-cache-listeners";
import { isContentViewable } from "@/lib/platform/site/visibility";

/**
 * The player's engagement state (`GET /api/content/{id}/engagement`) in one prepared statement on
 * the fans' pool: the content's visibility (decided by the one rule, `isContentViewable`, on its
 * status and events, as the public media lookup does), the likes kept beside them
 * (like-statement.ts), the visible comments, and for a returning visitor their like and whether
 * they left a lead for the company.
 *
 * A first visit carries no visitor cookie: nothing in its answer is the visitor's, so it is the
 * same for every such fan and is shared for up to `SHARED_SUMMARY_TTL_MS` in this process (a
 * festival crowd's first visits ask for it thousands of times a second; issue #35). Counts are
 * then at most that old, and a content taken down stops answering within the same bound; a
 * visitor with a cookie (anyone who liked, commented or left a lead) always gets the database's
 * answer, and a like's own answer carries the exact count.
 */
export const SHARED_SUMMARY_TTL_MS = 1000;

const SUMMARY_SQL = `
SELECT c."status",
  (SELECT coalesce(json_agg(json_build_object('status', e."status", 'isPublic', e."isPublic")), '[]')
    FROM "content_event" ce JOIN "event" e ON e."id" = ce."eventId" WHERE ce."contentId" = c."id") AS "events",
  (SELECT coalesce(sum(k."likes"), 0) FROM "content_like_count" k WHERE k."contentId" = c."id")::int AS "likes",
  (SELECT count(*) FROM "comment" m WHERE m."contentId" = c."id" AND NOT m."hidden")::int AS "comments",
  ($2::text IS NOT NULL AND EXISTS (
    SELECT 1 FROM "content_like" l WHERE l."contentId" = c."id" AND l."visitorId" = $2)) AS "liked",
  ($2::text IS NOT NULL AND EXISTS (
    SELECT 1 FROM "lead" d WHERE d."companyId" = c."companyId" AND d."visitorId" = $2)) AS "leadOnFile"
FROM "content" c
WHERE c."id" = $1`;

interface Row {
  status: string;
  events: { status: string; isPublic: boolean }[];
  likes: number;
  comments: number;
  liked: boolean;
  leadOnFile: boolean;
}

async function readSummary(contentId: string, visitorId: string | null): Promise<EngagementSummary> {
  const { rows } = await fanPool().query<Row>({
    name: "afterglow-engagement-summary",
    text: SUMMARY_SQL,
    values: [contentId, visitorId],
  });
  const row = rows[0];
  if (!row || !isContentViewable({ status: row.status, events: row.events.map((event) => ({ event })) })) {
    throw notFound();
  }
  return { likes: row.likes, liked: row.liked, comments: row.comments, leadOnFile: row.leadOnFile };
}

const shared = ttlCache<EngagementSummary>({ ttlMs: SHARED_SUMMARY_TTL_MS, maxEntries: 10_000 });
// A content taken down or a comment hidden on any instance expires its cache tag: forgotten at once.
clearWithPublicCaches(shared);

/**
 * The summary for `visitorId`, or for a visitor without a cookie yet (`null`: nothing of theirs
 * to look up, the shared answer).
 */
export async function getEngagementSummary(
  contentId: string,
  visitorId: string | null,
): Promise<EngagementSummary> {
  if (!isRecordIdShape(contentId)) throw notFound();
  if (visitorId !== null) return readSummary(contentId, visitorId);
  return shared.get(contentId, () => readSummary(contentId, null));
}

/** Forgets the shared answer of a content this process just changed (a like, a comment). */
export function forgetSharedSummary(contentId: string): void {
  shared.delete(contentId);
}
