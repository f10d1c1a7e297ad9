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
import { storeImage } from "@/lib/platform/media/store-image";
import { processImage, type ProcessedImage } from "@/lib/platform/media/variants";
import { markedRenditionsOf } from "@/lib/platform/media/watermark/apply";
import { storage } from "@/lib/core/storage";

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
  // A photo of a watermarked gallery becomes ready with its marked renditions (issue #36).
  const marked = media.contentId
    ? await markedRenditionsOf(media.contentId, media.storageKey, original)
    : null;
  return {
    data: {
      width: image.width,
      height: image.height,
      blurDataUrl: image.blurDataUrl,
      capturedAt: exifCaptureTime(meta.exif),
      ...(marked ? { watermark: marked.stored } : {}),
    },
    variants,
    ...(download ? { download: { key: download.key, bytes: download.bytes } } : {}),
    written: [...written, ...(download?.written ? [download.written] : []), ...(marked?.written ?? [])],
  };
};
