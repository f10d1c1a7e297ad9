import { z } from "zod";
import { fanMediaWhere } from "@/lib/platform/site/visibility";
import { db } from "@/lib/core/db";
import { nowUtc } from "@/lib/core/db-sql";
import { parseOrThrow } from "@/lib/core/errors";
import { getPublicContentOrThrow, notFound } from "@/lib/features/engagement/get-public-content-or-throw";
import { isRecordIdShape } from "@/lib/core/validation/common";

/**
 * A fan's favourite photos of a gallery (issue #36): hearts per visitor (the signed `ag_vid`,
 * no account), set rather than toggled so a retried request changes nothing. Only a ready photo
 * of a content the fan may see (the fan API's gate has already checked password and expiry).
 */
export const favouriteSchema = z.object({
  mediaId: z.string({ error: "validation.invalidForm" }).min(1).max(128),
  favourite: z.boolean({ error: "validation.invalidForm" }),
});

/** The most a visitor keeps per gallery: a fan choosing, not a script filling a table. */
export const MAX_FAVOURITES_PER_GALLERY = 1000;

export async function setFavourite(
  contentId: string,
  visitorId: string,
  input: unknown,
): Promise<{ mediaId: string; favourite: boolean }> {
  const { mediaId, favourite } = parseOrThrow(favouriteSchema, input);
  const content = await getPublicContentOrThrow(contentId);
  if (!isRecordIdShape(mediaId)) throw notFound();
  const media = await db.mediaFile.findFirst({
    where: { id: mediaId, contentId: content.id, kind: "photo", ...fanMediaWhere },
    select: { id: true },
  });
  if (!media) throw notFound();
  if (!favourite) {
    await db.favourite.deleteMany({ where: { mediaId, visitorId } });
    return { mediaId, favourite: false };
  }
  const count = await db.favourite.count({ where: { contentId: content.id, visitorId } });
  if (count >= MAX_FAVOURITES_PER_GALLERY) return { mediaId, favourite: false };
  // A heart given again on a device that took someone's hearts through the e-mailed link, on a
  // photo that person still hearts, is theirs again (`heartOf`): taking a copied heart back and
  // giving it again must not make the organiser count the fan twice (attacker review).
  await db.$executeRaw`
    INSERT INTO "favourite" ("mediaId", "visitorId", "contentId", "companyId", "createdAt", "heartOf")
    VALUES (${mediaId}, ${visitorId}, ${content.id}, ${content.companyId}, ${nowUtc}, (
      SELECT COALESCE(o."heartOf", o."visitorId") FROM "favourite" o
      WHERE o."mediaId" = ${mediaId} AND o."visitorId" <> ${visitorId}
        AND COALESCE(o."heartOf", o."visitorId") IN (
          SELECT s."heartOf" FROM "favourite" s
          WHERE s."contentId" = ${content.id} AND s."visitorId" = ${visitorId} AND s."heartOf" IS NOT NULL)
      ORDER BY o."createdAt", o."visitorId" LIMIT 1))
    ON CONFLICT DO NOTHING`;
  return { mediaId, favourite: true };
}

/** The photos this visitor hearted in the gallery, oldest first. */
export async function listFavourites(contentId: string, visitorId: string): Promise<{ mediaIds: string[] }> {
  const content = await getPublicContentOrThrow(contentId);
  const rows = await db.favourite.findMany({
    where: { contentId: content.id, visitorId, media: fanMediaWhere },
    orderBy: { createdAt: "asc" },
    select: { mediaId: true },
  });
  return { mediaIds: rows.map((row) => row.mediaId) };
}
