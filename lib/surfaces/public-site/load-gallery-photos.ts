import "server-only";
import { z } from "zod";
import { db } from "@/lib/core/db";
import { parseOrThrow } from "@/lib/core/errors";
import { notFound } from "@/lib/features/engagement/get-public-content-or-throw";
import { isRecordIdShape } from "@/lib/core/validation/common";
import { GALLERY_IDS_MAX, GALLERY_PAGE_SIZE } from "@/lib/platform/site/gallery-pages";
import { fanMediaWhere, viewableContentWhere } from "@/lib/platform/site/visibility";
import { fanVariants } from "@/lib/platform/media/watermark/stored";
import { imageOf } from "@/lib/surfaces/public-site/media-mappers";
import { mediaSelect } from "@/lib/surfaces/public-site/selects";
import type { PublicImage } from "@/lib/surfaces/public-site/types";

export interface GalleryPhotos {
  items: { id: string; image: PublicImage }[];
  /** Every photo fans may see in the gallery. */
  total: number;
}

const querySchema = z.union([
  z.object({ ids: z.string().max(GALLERY_IDS_MAX * 40) }),
  z.object({ offset: z.coerce.number().int().min(0).max(1_000_000).default(0) }),
]);

/**
 * A page of a viewable photo gallery's photos, in gallery order (`offset`), or the photos named
 * by `ids` ("My favourites"): what fans may see only (`fanMediaWhere`). The caller has checked the
 * gallery's password and expiry (the fan API's gate). Any other content is not found.
 */
export async function loadGalleryPhotos(
  contentId: string,
  search: Record<string, string>,
): Promise<GalleryPhotos> {
  const query = parseOrThrow(querySchema, search, { message: "field" });
  if (!isRecordIdShape(contentId)) throw notFound();
  const content = await db.content.findFirst({
    where: { id: contentId, kind: "photo_gallery", ...viewableContentWhere },
    select: { id: true, watermarkPhotos: true },
  });
  if (!content) throw notFound();
  const where = { contentId, kind: "photo" as const, ...fanMediaWhere };
  const ids = "ids" in query ? query.ids.split(",").filter(isRecordIdShape).slice(0, GALLERY_IDS_MAX) : null;
  const [rows, total] = await Promise.all([
    db.mediaFile.findMany({
      where: ids ? { ...where, id: { in: ids } } : where,
      orderBy: [{ position: "asc" }, { createdAt: "asc" }],
      ...(ids ? {} : { skip: "offset" in query ? query.offset : 0, take: GALLERY_PAGE_SIZE }),
      select: mediaSelect,
    }),
    db.mediaFile.count({ where }),
  ]);
  return {
    items: rows.flatMap((row) => {
      // A watermarked gallery's photos: their marked renditions (issue #36).
      const image = imageOf({ ...row, variants: fanVariants(row, content.watermarkPhotos) });
      return image ? [{ id: row.id, image }] : [];
    }),
    total,
  };
}
