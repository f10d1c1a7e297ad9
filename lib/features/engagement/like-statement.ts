import type { Pool } from "pg";

/** What a like request asks: `-1` unlike, `1` like, `0` toggle. */
export type LikeMode = -1 | 0 | 1;

export interface LikeRequest {
  contentId: string;
  visitorId: string;
  mode: LikeMode;
  source: string | null;
}

/** Per request, in order: `null` when the content is not one a fan may engage with. */
export type LikeOutcome = { removed: boolean; likes: number } | null;

/*
 * Several fans' likes in one statement (one round trip, one commit). `target` is the visibility
 * rule of lib/platform/site/visibility.ts in SQL (tests/integration/visibility-sql.test.ts holds
 * the two to the same answers). A like or unlike row is logged only when the state changed. The
 * only writer of `content_like`, it adds each change to one shard of `content_like_count` in the
 * same statement, so the shards always add up to the likes; its snapshot does not see that
 * change, so the count it answers adds it. A (content, visitor) pair appears at most once per
 * statement (two toggles of one fan must see each other): the caller sees to it.
 */
const LIKE_BATCH_SQL = `
WITH input AS (
  SELECT * FROM unnest($1::text[], $2::text[], $3::int[], $4::text[])
    WITH ORDINALITY AS i("contentId", "visitorId", "mode", "source", "n")
), target AS (
  SELECT c."id", c."companyId",
    (SELECT ce."eventId" FROM "content_event" ce WHERE ce."contentId" = c."id"
      ORDER BY ce."position", ce."createdAt" LIMIT 1) AS "eventId"
  FROM "content" c
  WHERE c."id" IN (SELECT "contentId" FROM input) AND c."status" = 'published'
    AND (NOT EXISTS (SELECT 1 FROM "content_event" ce WHERE ce."contentId" = c."id")
      OR EXISTS (SELECT 1 FROM "content_event" ce JOIN "event" e ON e."id" = ce."eventId"
        WHERE ce."contentId" = c."id" AND e."status" = 'published' AND e."isPublic"))
), work AS (
  SELECT i.*, t."companyId", t."eventId" FROM input i JOIN target t ON t."id" = i."contentId"
), removed AS (
  DELETE FROM "content_like" l USING work w
  WHERE l."contentId" = w."contentId" AND l."visitorId" = w."visitorId" AND w."mode" <= 0
  RETURNING l."contentId", l."visitorId"
), added AS (
  INSERT INTO "content_like" ("contentId", "visitorId", "companyId", "createdAt")
  SELECT w."contentId", w."visitorId", w."companyId", (now() AT TIME ZONE 'UTC') FROM work w
  WHERE w."mode" >= 0 AND NOT EXISTS (
    SELECT 1 FROM removed r WHERE r."contentId" = w."contentId" AND r."visitorId" = w."visitorId")
  ON CONFLICT DO NOTHING
  RETURNING "contentId", "visitorId"
), changed AS (
  SELECT w.*, (r."visitorId" IS NOT NULL) AS "removed", (a."visitorId" IS NOT NULL) AS "added"
  FROM work w
  LEFT JOIN removed r ON r."contentId" = w."contentId" AND r."visitorId" = w."visitorId"
  LEFT JOIN added a ON a."contentId" = w."contentId" AND a."visitorId" = w."visitorId"
), logged AS (
  INSERT INTO "engagement_event" ("companyId", "contentId", "eventId", "type", "visitorId", "value", "source", "createdAt")
  SELECT "companyId", "contentId", "eventId",
    (CASE WHEN "removed" THEN 'unlike' ELSE 'like' END)::"EngagementType",
    "visitorId", 1, "source", (now() AT TIME ZONE 'UTC')
  FROM changed WHERE "removed" OR "added"
), delta AS MATERIALIZED ( -- once per content, not once per request
  SELECT t."id", (SELECT count(*) FILTER (WHERE c."added") - count(*) FILTER (WHERE c."removed")
    FROM changed c WHERE c."contentId" = t."id")::int AS "change"
  FROM target t
), counted AS (
  INSERT INTO "content_like_count" AS k ("contentId", "shard", "likes")
  SELECT "id", $5::smallint, "change" FROM delta WHERE "change" <> 0
  ON CONFLICT ("contentId", "shard") DO UPDATE SET "likes" = k."likes" + EXCLUDED."likes"
), counts AS MATERIALIZED (
  SELECT d."id",
    (SELECT coalesce(sum(k."likes"), 0) FROM "content_like_count" k WHERE k."contentId" = d."id")
      + d."change" AS "likes"
  FROM delta d
)
SELECT i."n"::int AS "n", (c."n" IS NOT NULL) AS "found", coalesce(c."removed", false) AS "removed",
  coalesce(k."likes", 0)::int AS "likes"
FROM input i
LEFT JOIN changed c ON c."n" = i."n"
LEFT JOIN counts k ON k."id" = i."contentId"
ORDER BY i."n"`;

/**
 * Rows a content's count is split over (`content_like_count`): each statement adds its change to
 * one of them, so statements of several instances rarely wait for one another.
 */
export const LIKE_COUNT_SHARDS = 16;

interface Row {
  n: number;
  found: boolean;
  removed: boolean;
  likes: number;
}

/** Runs one statement for `requests` (distinct pairs); outcomes in the same order. */
export async function runLikeBatch(pool: Pool, requests: readonly LikeRequest[]): Promise<LikeOutcome[]> {
  const { rows } = await pool.query<Row>({
    // A named statement is parsed and planned once per connection.
    name: "afterglow-like-batch",
    text: LIKE_BATCH_SQL,
    values: [
      requests.map((r) => r.contentId),
      requests.map((r) => r.visitorId),
      requests.map((r) => r.mode),
      requests.map((r) => r.source),
      Math.floor(Math.random() * LIKE_COUNT_SHARDS),
    ],
  });
  return rows.map((row) => (row.found ? { removed: row.removed, likes: row.likes } : null));
}
