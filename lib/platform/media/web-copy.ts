import "server-only";
import sharp from "sharp";
import { db } from "@/lib/core/db";
import { AppError } from "@/lib/core/errors";
import { storage } from "@/lib/core/storage";
import { prefixOfKey } from "@/lib/platform/media/keys";
import { mediaSettings } from "@/lib/platform/media/settings";

/**
 * A photo's web-size copy for fans (issue #36, `Content.downloadRule` = web): a JPEG whose long
 * edge is at most the content's `webDownloadEdge`, upright (EXIF orientation applied to the
 * pixels), in sRGB, and without any metadata (sharp writes none unless asked): the size people
 * post and share, never the organiser's full-resolution file, never its GPS.
 *
 * Like the download copy (download-copy.ts) it has its own columns, not an entry in `variants`
 * (the public media route serves any listed rendition by name; this one must only leave
 * through the lead gate), is not counted in the storage quota (the organiser did not upload
 * it), and is deleted with its media (everything under the media's folder goes). One copy per
 * photo: a new edge replaces the old copy. The media worker makes them when a content switches
 * to web size (`WEB_COPIES_QUEUE`) and when a photo of such a content is processed; a download
 * that comes first makes its copy then, so no fan ever gets a larger file than the rule says.
 */

export const webCopyKeyOf = (storageKey: string, edge: number) =>
  `${prefixOfKey(storageKey)}/web-${edge}.jpg`;

/** The JPEG of `original` fitted inside `edge` × `edge` (never enlarged). */
export async function renderWebCopy(original: Buffer, edge: number): Promise<Buffer> {
  return sharp(original, { autoOrient: true, limitInputPixels: mediaSettings().maxImagePixels })
    .resize({ width: edge, height: edge, fit: "inside", withoutEnlargement: true })
    .toColourspace("srgb")
    .flatten({ background: "#ffffff" })
    .jpeg({ quality: 85, mozjpeg: true })
    .toBuffer();
}

const gone = () => new AppError("not_found", "media.errors.notFound");

/**
 * A ready photo's web-size copy at `edge`, made now if it has none at that edge: written first,
 * then recorded on the row under the row's lock, so two makers (a download and the worker)
 * record it once (both write the same key), a media deleted meanwhile leaves nothing behind, and
 * the copy of a previous edge is deleted once replaced.
 */
export function ensureWebCopy(mediaId: string, edge: number): Promise<string> {
  // A crowd opening a new gallery asks for the same copy at once: one render per process.
  const key = `${mediaId}\n${edge}`;
  const pending = rendering.get(key);
  if (pending) return pending;
  const made = makeWebCopy(mediaId, edge).finally(() => rendering.delete(key));
  rendering.set(key, made);
  return made;
}

const rendering = new Map<string, Promise<string>>();

async function makeWebCopy(mediaId: string, edge: number): Promise<string> {
  const media = await db.mediaFile.findUnique({
    where: { id: mediaId },
    select: { id: true, kind: true, state: true, storageKey: true, webKey: true, webEdge: true },
  });
  if (!media || media.kind !== "photo" || media.state !== "ready") throw gone();
  if (media.webKey && media.webEdge === edge) return media.webKey;
  const bytes = await renderWebCopy(Buffer.from(await storage.getBytes(media.storageKey)), edge);
  const key = webCopyKeyOf(media.storageKey, edge);
  await storage.put(key, bytes, "image/jpeg");
  const outcome = await db.$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<{ state: string; webKey: string | null; webEdge: number | null }[]>`
      SELECT state, "webKey", "webEdge" FROM media_file WHERE id = ${media.id} FOR UPDATE`;
    if (!row) return null;
    if (row.state !== "ready") throw gone();
    if (row.webKey === key && row.webEdge === edge) return { key, replaced: null };
    await tx.mediaFile.update({
      where: { id: media.id },
      data: { webKey: key, webEdge: edge, webBytes: bytes.length },
    });
    return { key, replaced: row.webKey !== key ? row.webKey : null };
  });
  if (outcome === null) {
    // Deleted while we wrote: its folder may already have been swept.
    await storage.delete(key);
    throw gone();
  }
  if (outcome.replaced) {
    await storage.delete(outcome.replaced).catch((error: unknown) => {
      console.error("[afterglow] could not delete a replaced web copy", { mediaId, error });
    });
  }
  return outcome.key;
}

/**
 * Makes the web-size copies of a content's ready photos at its current edge (the worker's job
 * when a content switches to web size or changes the edge); photos already at that edge are
 * skipped. Returns how many were made; one photo that cannot be made is logged and skipped (its
 * fans' download makes it, or says why).
 */
export async function makeWebCopiesOf(contentId: string): Promise<{ made: number; failed: number }> {
  const content = await db.content.findUnique({
    where: { id: contentId },
    select: { downloadRule: true, webDownloadEdge: true },
  });
  if (!content || content.downloadRule !== "web") return { made: 0, failed: 0 };
  const edge = content.webDownloadEdge;
  const photos = await db.mediaFile.findMany({
    where: {
      contentId,
      kind: "photo",
      state: "ready",
      OR: [{ webKey: null }, { webEdge: { not: edge } }],
    },
    orderBy: [{ position: "asc" }, { createdAt: "asc" }],
    select: { id: true },
  });
  let made = 0;
  let failed = 0;
  for (const photo of photos) {
    try {
      await ensureWebCopy(photo.id, edge);
      made++;
    } catch (error) {
      failed++;
      if (!(error instanceof AppError)) {
        console.error("[afterglow] web-size copy failed", { mediaId: photo.id, error });
      }
    }
  }
  return { made, failed };
}
