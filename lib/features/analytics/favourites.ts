import { db } from "@/lib/core/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { thumbnailUrl } from "@/lib/platform/media/admin-urls";

/**
 * Fans' favourites as the organiser sees them (issue #36). A favourite is a fan's choice as it
 * stands, not an event of a day: the figures are today's, whatever period the analytics show
 * (like "likes, all time"), read from the `favourite` rows, never from the daily roll-up.
 *
 * A fan counts once per photo: a heart copied to their other device through the e-mailed link
 * keeps whose heart it was (`heartOf`), so the person is `COALESCE("heartOf", "visitorId")`.
 * Every query is scoped to the company in its `where`.
 */
const PERSON = Prisma.sql`COALESCE(f."heartOf", f."visitorId")`;

/** Fans who hearted each photo of one gallery of the company (only `mediaIds`, when given: a page of it). */
export async function favouriteCountsOf(
  companyId: string,
  contentId: string,
  mediaIds?: readonly string[],
): Promise<Map<string, number>> {
  const only = mediaIds ? Prisma.sql`AND f."mediaId" = ANY(${[...mediaIds]}::text[])` : Prisma.empty;
  const rows = await db.$queryRaw<{ mediaId: string; fans: number }[]>`
    SELECT f."mediaId", COUNT(DISTINCT ${PERSON})::int AS "fans"
    FROM "favourite" f
    WHERE f."companyId" = ${companyId} AND f."contentId" = ${contentId} ${only}
    GROUP BY f."mediaId"`;
  return new Map(rows.map((r) => [r.mediaId, r.fans]));
}

export interface FavouritePhoto {
  mediaId: string;
  name: string;
  thumbUrl: string | null;
  fans: number;
}

export interface FavouriteGallery {
  contentId: string;
  title: string;
  /** Fans with at least one favourite in the gallery. */
  fans: number;
  /** Favourites in all (a fan with three hearted photos counts three). */
  favourites: number;
  /** The most-favourited photos, most first. */
  photos: FavouritePhoto[];
}

export const FAVOURITE_GALLERIES_SHOWN = 10;
export const FAVOURITE_PHOTOS_SHOWN = 5;

/**
 * The company's galleries with the most favourites (up to 10) and, for each, its most-favourited
 * photos (up to 5; ties in the gallery's order). Two grouped queries on the favourites'
 * `companyId` index, however many galleries the company has.
 */
export async function mostFavourited(companyId: string): Promise<FavouriteGallery[]> {
  const galleries = await db.$queryRaw<
    { contentId: string; title: string; fans: number; favourites: number }[]
  >`
    SELECT f."contentId", c."title", COUNT(DISTINCT ${PERSON})::int AS "fans",
      COUNT(DISTINCT (f."mediaId", ${PERSON}))::int AS "favourites"
    FROM "favourite" f
    JOIN "content" c ON c."id" = f."contentId" AND c."companyId" = f."companyId"
    WHERE f."companyId" = ${companyId}
    GROUP BY f."contentId", c."title"
    ORDER BY "favourites" DESC, c."title", f."contentId"
    LIMIT ${FAVOURITE_GALLERIES_SHOWN}`;
  if (galleries.length === 0) return [];
  const ids = galleries.map((g) => g.contentId);
  const photos = await db.$queryRaw<
    { contentId: string; mediaId: string; originalName: string; variants: unknown; fans: number }[]
  >`
    SELECT "contentId", "mediaId", "originalName", "variants", "fans" FROM (
      SELECT counted.*, m."originalName", m."variants",
        ROW_NUMBER() OVER (PARTITION BY counted."contentId"
          ORDER BY counted."fans" DESC, m."position", m."id") AS "rank"
      FROM (
        SELECT f."contentId", f."mediaId", COUNT(DISTINCT ${PERSON})::int AS "fans"
        FROM "favourite" f
        WHERE f."companyId" = ${companyId} AND f."contentId" IN (${Prisma.join(ids)})
        GROUP BY f."contentId", f."mediaId"
      ) counted
      JOIN "media_file" m ON m."id" = counted."mediaId" AND m."companyId" = ${companyId}
    ) ranked
    WHERE "rank" <= ${FAVOURITE_PHOTOS_SHOWN}
    ORDER BY "contentId", "rank"`;
  const byGallery = new Map<string, FavouritePhoto[]>();
  for (const p of photos) {
    const list = byGallery.get(p.contentId) ?? [];
    list.push({
      mediaId: p.mediaId,
      name: p.originalName,
      thumbUrl: await thumbnailUrl(p.variants, 160),
      fans: p.fans,
    });
    byGallery.set(p.contentId, list);
  }
  return galleries.map((g) => ({ ...g, photos: byGallery.get(g.contentId) ?? [] }));
}
