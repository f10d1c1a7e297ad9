import "server-only";
import { db } from "@/lib/core/db";
import { AppError } from "@/lib/core/errors";
import { storage } from "@/lib/core/storage";
import { downloadCopyKeyOf } from "@/lib/platform/media/keys";
import { stripPersonalMetadata } from "@/lib/platform/media/strip-metadata";

/**
 * What fans download of a photo: the original without personal metadata
 * (`lib/platform/media/strip-metadata.ts`), unless its content keeps it
 * (`Content.keepPhotoMetadata`). The organiser's own download in the admin area is always the
 * untouched original.
 *
 * The copy is made once, by the media worker when the photo is processed
 * (`processors/image.ts`) and stored beside the renditions as `…/download.<ext>`; an original
 * with nothing to remove is its own copy (`downloadKey` = `storageKey`, nothing stored twice).
 * The copy is not counted in the company's storage quota (`Company.storageUsedBytes`): the
 * organiser did not choose it, it is the app's way of handing out what they uploaded, and
 * counting it would nearly double a photo gallery's use (a backfill on the first start after
 * the deploy would have pushed full accounts over their plan at once). Its size is kept on the
 * row (`MediaFile.downloadBytes`, for the operator's own accounting), and it is deleted with its
 * media (`removeMediaObjects`). It has its own columns, not an
 * entry in `variants`: the public media route serves any listed rendition by name, and the
 * full-size copy must only leave through the lead gate. Once made, a fan's download is what it
 * was before: a signed URL the store answers, and the ZIP of "Download all" reads the copy
 * instead of the original. Cleaning at each download instead would cost the same walk of the
 * bytes every time (11–24 ms for a 7.6 MB JPEG of noise, its worst case, measured; decoding it
 * alone takes 0.5 s) and, for a single download, the app would have to fetch and send the file
 * itself instead of handing out a signed URL: its bandwidth and a held connection per download
 * (the slow-reader exposure of issue #34, row 11) to save a copy's bytes at rest.
 *
 * Photos processed before copies existed get theirs from the renditions backfill pass
 * (`lib/platform/media/backfill.ts`), and a download that comes before it makes the copy then
 * (`fanDownloadKey`): no fan is ever handed the original of a photo whose content does not keep
 * metadata.
 */

export interface DownloadCopy {
  /** `…/download.<ext>`, or the original's key when there was nothing to remove. */
  key: string;
  /** Bytes stored for the copy (not counted in the quota): 0 when the original is its own copy. */
  bytes: number;
  /** The object written, if any (for clean-up when the media vanished meanwhile). */
  written: string | null;
}

/** Writes the copy of an original (its bytes already read), or says the original is clean. */
export async function writeDownloadCopy(
  storageKey: string,
  mimeType: string,
  original: Buffer,
): Promise<DownloadCopy> {
  const { bytes, changed } = stripPersonalMetadata(original, mimeType);
  if (!changed) return { key: storageKey, bytes: 0, written: null };
  const key = downloadCopyKeyOf(storageKey);
  await storage.put(key, bytes, mimeType);
  return { key, bytes: bytes.length, written: key };
}

export interface DownloadableMedia {
  id: string;
  kind: string;
  storageKey: string;
  downloadKey: string | null;
}

/** The object a fan's download of this media reads (the caller has checked the fan may have it). */
export async function fanDownloadKey(media: DownloadableMedia, keepMetadata: boolean): Promise<string> {
  if (media.kind !== "photo" || keepMetadata) return media.storageKey;
  return media.downloadKey ?? (await ensureDownloadCopy(media.id));
}

const gone = () => new AppError("not_found", "media.errors.notFound");

/**
 * A ready photo's download copy, made now if it has none: written first, then recorded on the
 * row under the row's lock, so two makers (a download and the backfill) record it once (both
 * write the same key and bytes), and a media deleted meanwhile leaves no object behind.
 */
export async function ensureDownloadCopy(mediaId: string): Promise<string> {
  const media = await db.mediaFile.findUnique({
    where: { id: mediaId },
    select: {
      id: true,
      kind: true,
      state: true,
      storageKey: true,
      mimeType: true,
      downloadKey: true,
    },
  });
  if (!media || media.kind !== "photo" || media.state !== "ready") throw gone();
  if (media.downloadKey) return media.downloadKey;
  const copy = await writeDownloadCopy(
    media.storageKey,
    media.mimeType,
    Buffer.from(await storage.getBytes(media.storageKey)),
  );
  const key = await db.$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<{ state: string; downloadKey: string | null }[]>`
      SELECT state, "downloadKey" FROM media_file WHERE id = ${media.id} FOR UPDATE`;
    if (!row) return null;
    if (row.downloadKey) return row.downloadKey;
    if (row.state !== "ready") throw gone();
    await tx.mediaFile.update({
      where: { id: media.id },
      data: { downloadKey: copy.key, downloadBytes: copy.bytes },
    });
    return copy.key;
  });
  if (key === null) {
    // Deleted while we wrote: its folder may already have been swept.
    if (copy.written) await storage.delete(copy.written);
    throw gone();
  }
  return key;
}
