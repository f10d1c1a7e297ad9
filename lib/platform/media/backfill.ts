import "server-only";
import sharp from "sharp";
import { db } from "@/lib/core/db";
import { ensureDownloadCopy } from "@/lib/platform/media/download-copy";
import { prefixOfKey } from "@/lib/platform/media/keys";
import { cleanUpWritten } from "@/lib/platform/media/process-media";
import { storeImage } from "@/lib/platform/media/store-image";
import { processedSelect } from "@/lib/platform/media/processors/types";
import { mediaSettings, type MediaSettings } from "@/lib/platform/media/settings";
import {
  DEFAULT_VARIANT_WIDTHS,
  missingVariantWidths,
  parseStoredVariants,
  processImage,
} from "@/lib/platform/media/variants";
import { storage } from "@/lib/core/storage";

/**
 * Renditions added after media was processed. When `DEFAULT_VARIANT_WIDTHS` gains a width (960
 * for phones, 2026-11-25), photos, banners and video posters processed before keep the widths
 * of their day; the pages only offer what a row lists, so they work, but a phone takes the next
 * larger file. The worker walks them once after each start (`media-backfill` queue, page by page)
 * and encodes only the missing widths from the same source the upload used: the original of a
 * photo, the poster frame of a video.
 *
 * The same pass gives content photos processed before download copies existed theirs
 * (lib/platform/media/download-copy.ts): fans' downloads then read a stored copy instead of
 * making it on their first download.
 */

/**
 * Ready photos and video posters of contents, and event banners, that lack a width
 * `missingVariantWidths` would add, and ready content photos without a download copy, in id
 * order after `afterId`. The widths' rule in SQL: a target below the largest width and
 * under 90 % of min(source, largest) must be listed. Event banners count (their pictures offer
 * every rendition); logos and leftovers outside any content do not (a logo is shown at its
 * largest rendition only).
 */
export async function findBackfillCandidates(afterId: string | null, limit: number): Promise<string[]> {
  const targets = [...DEFAULT_VARIANT_WIDTHS].sort((a, b) => a - b);
  const largest = targets.at(-1) ?? 0;
  const rows = await db.$queryRaw<{ id: string }[]>`
    SELECT m.id FROM media_file m
    CROSS JOIN LATERAL (
      SELECT CASE WHEN m.kind = 'photo' THEN m.width ELSE (
        SELECT max((v->>'width')::int) FROM jsonb_array_elements(m.variants) v WHERE v->>'format' = 'jpeg'
      ) END AS width
    ) source
    WHERE m.state = 'ready' AND m.kind IN ('photo', 'video')
      AND m.id > ${afterId ?? ""}
      AND ((m.kind = 'photo' AND m."contentId" IS NOT NULL AND m."downloadKey" IS NULL)
        OR ((m."contentId" IS NOT NULL
            OR m."storageKey" IN (SELECT "bannerKey" FROM event WHERE "bannerKey" IS NOT NULL))
          AND jsonb_typeof(m.variants) = 'array' AND source.width IS NOT NULL
          AND EXISTS (
            SELECT 1 FROM unnest(${targets}::int[]) t
            WHERE t < LEAST(source.width, ${largest}) * 0.9
              AND NOT m.variants @> jsonb_build_array(jsonb_build_object('width', t, 'format', 'webp'))
          )))
    ORDER BY m.id
    LIMIT ${limit}`;
  return rows.map((r) => r.id);
}

export type BackfillOutcome =
  | { status: "added"; companyId: string; contentId: string | null; widths: number[] }
  /** Only the download copy was made: nothing fans see changed. */
  | { status: "copied" }
  /** Nothing to do (any more): gone, not ready, or another worker added the widths. */
  | { status: "skipped" }
  /** A candidate whose renditions cannot be made (logged by the caller; the next pass looks again). */
  | { status: "unfixable"; reason: string };

/**
 * Makes a content photo's missing download copy (`ensureDownloadCopy`), then encodes and stores
 * the widths one media lacks, lists them on its row and counts their bytes, in one transaction
 * that locks the row: two workers on one media add each width once, and a media deleted
 * meanwhile leaves no object behind. The source passes the upload's pixel limit again (a row
 * processed under a higher limit is not decoded here).
 */
export async function addMissingRenditions(
  mediaId: string,
  settingsOverrides: Partial<MediaSettings> = {},
): Promise<BackfillOutcome> {
  const media = await db.mediaFile.findUnique({
    where: { id: mediaId },
    select: { ...processedSelect, width: true, downloadKey: true },
  });
  if (!media || media.state !== "ready" || (media.kind !== "photo" && media.kind !== "video")) {
    return { status: "skipped" };
  }
  const copied = media.kind === "photo" && media.contentId !== null && media.downloadKey === null;
  if (copied) await ensureDownloadCopy(media.id);
  // What to answer when no width is missing.
  const nothingElse = copied ? ({ status: "copied" } as const) : ({ status: "skipped" } as const);
  const stored = parseStoredVariants(media.variants);
  if (!stored) return { status: "unfixable", reason: "its variants are not readable" };
  // The poster frame: the widest JPEG, as the candidates' query reads it.
  const poster = stored.filter((v) => v.format === "jpeg").sort((a, b) => b.width - a.width)[0];
  const source =
    media.kind === "photo"
      ? { key: media.storageKey, width: media.width }
      : poster && { key: poster.key, width: poster.width };
  if (!source?.width) return { status: "unfixable", reason: "no source width" };
  const missing = missingVariantWidths(source.width, stored);
  if (missing.length === 0) return nothingElse;

  const bytes = Buffer.from(await storage.getBytes(source.key));
  const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  const pixels = (meta.width ?? 0) * (meta.height ?? 0);
  const limit = mediaSettings(settingsOverrides).maxImagePixels;
  if (pixels === 0 || pixels > limit) {
    return {
      status: "unfixable",
      reason: `${meta.width}×${meta.height} px is over the pixel limit (${limit})`,
    };
  }

  const image = await processImage(bytes, { widths: missing });
  // Only the widths asked for, whatever the decoder made of the source's size.
  const wanted = { ...image, variants: image.variants.filter((v) => missing.includes(v.width)) };
  if (wanted.variants.length === 0)
    return { status: "unfixable", reason: "the source is narrower than its row says" };
  const { variants: made, written } = await storeImage(prefixOfKey(media.storageKey), wanted);

  const added = await db.$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<{ state: string; variants: unknown }[]>`
      SELECT state, variants FROM media_file WHERE id = ${media.id} FOR UPDATE`;
    const current = row?.state === "ready" ? parseStoredVariants(row.variants) : null;
    if (!current) return [];
    const listed = new Set(current.map((v) => v.key));
    const fresh = made.filter((v) => !listed.has(v.key));
    if (fresh.length === 0) return [];
    const variants = [...current, ...fresh].sort(
      (a, b) => a.width - b.width || a.format.localeCompare(b.format),
    );
    await tx.mediaFile.update({ where: { id: media.id }, data: { variants } });
    const bytes = fresh.reduce((sum, v) => sum + BigInt(v.bytes), 0n);
    await tx.company.update({
      where: { id: media.companyId },
      data: { storageUsedBytes: { increment: bytes } },
    });
    return fresh;
  });
  if (added.length === 0) {
    await cleanUpWritten(media, written);
    return nothingElse;
  }
  const widths = [...new Set(added.map((v) => v.width))].sort((a, b) => a - b);
  return { status: "added", companyId: media.companyId, contentId: media.contentId, widths };
}
