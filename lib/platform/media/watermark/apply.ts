import "server-only";
import sharp from "sharp";
import { db } from "@/lib/core/db";
import { AppError } from "@/lib/core/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import { storage } from "@/lib/core/storage";
import { sharedInFlight, withEncodeSlot } from "@/lib/platform/media/encode-slots";
import { mediaSettings } from "@/lib/platform/media/settings";
import { storeImage } from "@/lib/platform/media/store-image";
import { processImage } from "@/lib/platform/media/variants";
import { markLayers, type PlacedMark } from "@/lib/platform/media/watermark/render";
import { markSpecOf, placedMarks, type MarkSpec } from "@/lib/platform/media/watermark/marks";
import {
  parseStoredWatermark,
  watermarkFolder,
  watermarkKeys,
  type StoredWatermark,
} from "@/lib/platform/media/watermark/stored";

/**
 * Drawing and removing one photo's marked renditions (issue #36). Each is written first, then
 * recorded on the row under its lock (`FOR UPDATE`), so a deleted photo leaves nothing behind
 * and two drawers record one set; the set it replaces is deleted only once the row names the new
 * one, so a fan's page never points at a missing file (the route serves by name: the old URL
 * gets the new bytes).
 */
export interface Marks {
  spec: MarkSpec;
  placed: PlacedMark[];
}

const lockRow = (tx: Parameters<Parameters<typeof db.$transaction>[0]>[0], id: string) =>
  tx.$queryRaw<{ state: string; watermark: unknown }[]>`
    SELECT state, watermark FROM media_file WHERE id = ${id} FOR UPDATE`;

async function deleteQuietly(keys: readonly string[], mediaId: string): Promise<void> {
  for (const key of keys) {
    await storage.delete(key).catch((error: unknown) => {
      console.error("[afterglow] could not delete a replaced watermarked file", { mediaId, key, error });
    });
  }
}

/**
 * Writes `next(current)` on a ready photo's row, under its lock; deletes the keys of the replaced
 * entry the new one does not keep (or the `written` keys when the photo is gone). Returns
 * whether it was recorded.
 */
async function record(
  mediaId: string,
  next: (current: StoredWatermark | null) => StoredWatermark | null,
  written: readonly string[],
): Promise<boolean> {
  const outcome = await db.$transaction(async (tx) => {
    const [row] = await lockRow(tx, mediaId);
    if (!row || row.state !== "ready") return null;
    const before = parseStoredWatermark(row.watermark);
    const after = next(before);
    await tx.mediaFile.update({ where: { id: mediaId }, data: { watermark: after ?? Prisma.DbNull } });
    return { before, after };
  });
  if (outcome === null) {
    await deleteQuietly(written, mediaId);
    return false;
  }
  const kept = new Set(watermarkKeys(outcome.after));
  await deleteQuietly(
    watermarkKeys(outcome.before).filter((key) => !kept.has(key)),
    mediaId,
  );
  return true;
}

const photoSelect = { id: true, kind: true, state: true, storageKey: true, watermark: true } as const;

/**
 * Draws a ready photo's marked renditions for `marks` unless it has them already. The widths
 * are the clean ones' rule (variants.ts); the blur placeholder stays the clean one's.
 */
export async function watermarkPhoto(mediaId: string, marks: Marks): Promise<"drawn" | "current" | "gone"> {
  const media = await db.mediaFile.findUnique({ where: { id: mediaId }, select: photoSelect });
  if (!media || media.kind !== "photo" || media.state !== "ready") return "gone";
  const current = parseStoredWatermark(media.watermark);
  // Current only with renditions drawn: a download may have recorded this design's web copy
  // alone, before the pass reached the photo (its renditions are still to be drawn).
  if (current?.design === marks.spec.hash && current.variants.length > 0) return "current";
  const original = Buffer.from(await storage.getBytes(media.storageKey));
  const image = await processImage(original, {
    mark: (size) => markLayers(size, marks.placed, marks.spec.design),
  });
  const { variants, written } = await storeImage(watermarkFolder(media.storageKey, marks.spec.hash), image);
  const folder = `${watermarkFolder(media.storageKey, marks.spec.hash)}/`;
  const recorded = await record(
    media.id,
    // A web copy a download made of this design meanwhile is kept.
    (before) => ({
      design: marks.spec.hash,
      variants,
      ...(before?.web?.key.startsWith(folder) ? { web: before.web } : {}),
    }),
    written,
  );
  return recorded ? "drawn" : "gone";
}

/** Removes a photo's marked renditions (its gallery is no longer watermarked). */
export async function unmarkPhoto(mediaId: string): Promise<void> {
  await record(mediaId, () => null, []);
}

export const webCopyKey = (storageKey: string, hash: string, edge: number) =>
  `${watermarkFolder(storageKey, hash)}/web-${edge}.jpg`;

/** The marked web-size JPEG of `original`: fitted in `edge` × `edge`, upright, sRGB, no metadata. */
export async function renderMarkedWebCopy(original: Buffer, edge: number, marks: Marks): Promise<Buffer> {
  const { data, info } = await sharp(original, {
    autoOrient: true,
    limitInputPixels: mediaSettings().maxImagePixels,
  })
    .resize({ width: edge, height: edge, fit: "inside", withoutEnlargement: true })
    .toColourspace("srgb")
    .flatten({ background: "#ffffff" })
    .raw({ depth: "uchar" })
    .toBuffer({ resolveWithObject: true });
  const size = { width: info.width, height: info.height };
  return sharp(data, { raw: { ...size, channels: info.channels } })
    .composite(await markLayers(size, marks.placed, marks.spec.design))
    .flatten({ background: "#ffffff" })
    .jpeg({ quality: 85, mozjpeg: true })
    .toBuffer();
}

/**
 * A ready photo's marked web-size copy at `edge` for `marks`, made now if its row has none: what
 * a fan downloads of a watermarked gallery whatever the download rule (original or web size).
 * Recorded beside the marked renditions of the same design (or alone, before they are drawn).
 */
export async function ensureMarkedWebCopy(
  mediaId: string,
  edge: number,
  marks: Marks,
): Promise<string | null> {
  const media = await db.mediaFile.findUnique({ where: { id: mediaId }, select: photoSelect });
  if (!media || media.kind !== "photo" || media.state !== "ready") return null;
  const key = webCopyKey(media.storageKey, marks.spec.hash, edge);
  if (parseStoredWatermark(media.watermark)?.web?.key === key) return key;
  const bytes = await renderMarkedWebCopy(Buffer.from(await storage.getBytes(media.storageKey)), edge, marks);
  await storage.put(key, bytes, "image/jpeg");
  const web = { edge, key, bytes: bytes.length };
  // Renditions of an older design stay served until the pass redraws them; the copy is of this one.
  const next = (before: StoredWatermark | null): StoredWatermark => ({
    design: before?.design ?? marks.spec.hash,
    variants: before?.variants ?? [],
    web,
  });
  return (await record(media.id, next, [key])) ? key : null;
}

/**
 * The marked renditions of a photo being processed, when its gallery is watermarked: so that a
 * photo added to such a gallery is never served clean (process-media.ts records them with the
 * rest). Null when the gallery is not watermarked.
 */
export async function markedRenditionsOf(
  contentId: string,
  storageKey: string,
  original: Buffer,
): Promise<{ stored: StoredWatermark; written: string[] } | null> {
  const spec = await markSpecOf(contentId);
  if (!spec?.on) return null;
  const placed = await placedMarks(spec);
  const image = await processImage(original, { mark: (size) => markLayers(size, placed, spec.design) });
  const { variants, written } = await storeImage(watermarkFolder(storageKey, spec.hash), image);
  return { stored: { design: spec.hash, variants }, written };
}

/**
 * What a fan downloads of a photo of a watermarked gallery (download-rule.ts): its marked
 * web-size JPEG at `edge` for the gallery's current marks, made now if it has none. Never the
 * original, the clean download copy or the clean web copy.
 */
export async function fanMarkedCopy(mediaId: string, edge: number): Promise<string> {
  const media = await db.mediaFile.findUnique({
    where: { id: mediaId },
    select: { contentId: true, storageKey: true, watermark: true },
  });
  const spec = media?.contentId ? await markSpecOf(media.contentId) : null;
  if (!media || !spec) throw new AppError("not_found", "media.errors.notFound");
  const key = webCopyKey(media.storageKey, spec.hash, edge);
  if (parseStoredWatermark(media.watermark)?.web?.key === key) return key;
  // One encode per copy however many ask for it at once, and at most the process's encode
  // slots at a time (Download all of a large gallery must not take every core: attacker review).
  const made = await sharedInFlight(markingCopies, key, () =>
    withEncodeSlot(async () => ensureMarkedWebCopy(mediaId, edge, { spec, placed: await placedMarks(spec) })),
  );
  if (!made) throw new AppError("not_found", "media.errors.notFound");
  return made;
}

/** Marked web copies being made by this process, by key. */
const markingCopies = new Map<string, Promise<string | null>>();
