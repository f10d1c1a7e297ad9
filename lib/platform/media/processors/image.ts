import "server-only";
import sharp, { type Metadata } from "sharp";
import { exifCaptureTime } from "@/lib/platform/media/exif-date";
import { writeDownloadCopy } from "@/lib/platform/media/download-copy";
import { megapixels } from "@/lib/platform/media/image-header";
import { prefixOfKey } from "@/lib/platform/media/keys";
import {
  MEDIA_ERRORS,
  PermanentMediaError,
  type MediaProcessor,
} from "@/lib/platform/media/processors/types";
import {
  processImage,
  variantFileName,
  type ProcessedImage,
  type StoredVariant,
} from "@/lib/platform/media/variants";
import { storage } from "@/lib/core/storage";

/** Writes an image's renditions under `base`; also used for video posters. */
export async function storeImage(
  base: string,
  image: ProcessedImage,
): Promise<{ variants: StoredVariant[]; written: string[] }> {
  const variants: StoredVariant[] = [];
  const written: string[] = [];
  // A few at a time: enough to hide latency without flooding the store.
  const queue = [...image.variants];
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let v = queue.shift(); v; v = queue.shift()) {
        const key = `${base}/${variantFileName(v)}`;
        await storage.put(key, v.bytes, `image/${v.format}`);
        written.push(key);
        variants.push({ width: v.width, format: v.format, key, bytes: v.bytes.length });
      }
    }),
  );
  variants.sort((a, b) => a.width - b.width || a.format.localeCompare(b.format));
  return { variants, written };
}

/**
 * Photos: size check against decompression bombs, then renditions and a blur placeholder, and
 * for a content's photo the copy fans download, without personal metadata (banners and logos
 * are never downloaded).
 */
export const processPhoto: MediaProcessor = async (media, settings) => {
  const original = Buffer.from(await storage.getBytes(media.storageKey));
  let meta: Metadata;
  try {
    meta = await sharp(original, { limitInputPixels: false }).metadata();
  } catch (error) {
    throw new PermanentMediaError(MEDIA_ERRORS.unreadable, String(error));
  }
  const pixels = (meta.width ?? 0) * (meta.height ?? 0);
  if (pixels > settings.maxImagePixels) {
    throw new PermanentMediaError(MEDIA_ERRORS.imageTooLarge, `${megapixels(pixels)} MP`);
  }
  let image: ProcessedImage;
  try {
    image = await processImage(original);
  } catch (error) {
    throw new PermanentMediaError(MEDIA_ERRORS.unreadable, String(error));
  }
  const { variants, written } = await storeImage(prefixOfKey(media.storageKey), image);
  const download = media.contentId
    ? await writeDownloadCopy(media.storageKey, media.mimeType, original)
    : null;
  return {
    data: {
      width: image.width,
      height: image.height,
      blurDataUrl: image.blurDataUrl,
      capturedAt: exifCaptureTime(meta.exif),
    },
    variants,
    ...(download ? { download: { key: download.key, bytes: download.bytes } } : {}),
    written: download?.written ? [...written, download.written] : written,
  };
};
