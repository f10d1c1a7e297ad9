import "server-only";
import { db } from "@/lib/core/db";
import type { MediaKind } from "@/lib/generated/prisma/enums";
import { fillMissingCovers, removeMediaObjects, storedBytesOf } from "@/lib/platform/media/delete-media";
import { processAudio } from "@/lib/platform/media/processors/audio";
import { processDocument } from "@/lib/platform/media/processors/document";
import { processPhoto } from "@/lib/platform/media/processors/image";
import { processedSelect, type MediaProcessor, type MediaRow } from "@/lib/platform/media/processors/types";
import { processVideo } from "@/lib/platform/media/processors/video";
import { mediaSettings, type MediaSettings } from "@/lib/platform/media/settings";
import { parseStoredVariants } from "@/lib/platform/media/variants";
import { parseStoredWatermark, watermarkKeys } from "@/lib/platform/media/watermark/stored";
import { markSpecOf } from "@/lib/platform/media/watermark/marks";
import { requestWatermarks } from "@/lib/core/queue/sender";
import { redrawHoldersOf } from "@/lib/platform/media/watermark/requests";
import { storage } from "@/lib/core/storage";

export { MEDIA_ERRORS, PermanentMediaError } from "@/lib/platform/media/processors/types";

export type ProcessOutcome =
  | { status: "ready"; companyId: string; contentId: string | null }
  /** Nothing to do: the media is gone, or no longer waiting for processing. */
  | { status: "skipped" };

const PROCESSORS: Record<MediaKind, MediaProcessor> = {
  photo: processPhoto,
  video: processVideo,
  audio: processAudio,
  document: processDocument,
};

/**
 * The job behind each upload: renditions for photos, duration and poster for videos,
 * duration and waveform for audio; then `ready`, with the renditions' bytes added to the
 * company's storage and a cover chosen for a content that has none. Runs only on media in
 * `processing`, and commits only if it still is (deleted or re-queued media are left alone),
 * so a job delivered twice does no harm. Throws `PermanentMediaError` for bad files and any
 * other error for failures worth retrying.
 */
export async function processMedia(
  mediaId: string,
  settingsOverrides: Partial<MediaSettings> = {},
): Promise<ProcessOutcome> {
  const media = await db.mediaFile.findUnique({ where: { id: mediaId }, select: processedSelect });
  if (!media || media.state !== "processing") return { status: "skipped" };

  const result = await PROCESSORS[media.kind](media, mediaSettings(settingsOverrides));

  const committed = await db.$transaction(async (tx) => {
    const { count } = await tx.mediaFile.updateMany({
      where: { id: media.id, state: "processing" },
      // A processor may leave a note on a ready media (a failed transcode): it wins over the reset.
      data: {
        processingError: null,
        ...result.data,
        variants: result.variants,
        ...(result.download
          ? { downloadKey: result.download.key, downloadBytes: result.download.bytes }
          : {}),
        state: "ready",
      },
    });
    if (count === 0) return false;
    // Renditions only: a photo's download copy is not counted (lib/platform/media/download-copy.ts).
    const before = storedBytesOf({ sizeBytes: 0n, variants: media.variants });
    const after = storedBytesOf({ sizeBytes: 0n, variants: result.variants });
    if (after !== before) {
      await tx.company.update({
        where: { id: media.companyId },
        data: { storageUsedBytes: { increment: after - before } },
      });
    }
    if (media.contentId) await fillMissingCovers(tx, media.companyId, [media.contentId]);
    return true;
  });
  if (!committed) {
    await cleanUpWritten(media, result.written);
    return { status: "skipped" };
  }
  // A photo that became ready clean while its gallery was switched to watermarked (the switch
  // was read when its processing began): the gallery's pass draws its marks.
  if (media.kind === "photo" && media.contentId && !("watermark" in result.data)) {
    const spec = await markSpecOf(media.contentId);
    if (spec?.on) await requestWatermarks([media.contentId]);
  }
  // A logo or sponsor logo that finished after the marks were drawn without it (attacker review).
  if (media.kind === "photo" && !media.contentId) await redrawHoldersOf(media.companyId, media.storageKey);
  return { status: "ready", companyId: media.companyId, contentId: media.contentId };
}

/** Marks media `failed` with an i18n key, if it is still being processed. */
export async function markMediaFailed(mediaId: string, messageKey: string) {
  await db.mediaFile.updateMany({
    where: { id: mediaId, state: "processing" },
    data: { state: "failed", processingError: messageKey },
  });
}

/** Removes the objects a job wrote that its media does not list (all of them, and its folder, when it is gone). */
export async function cleanUpWritten(media: MediaRow, written: string[]): Promise<void> {
  const still = await db.mediaFile.findUnique({
    where: { id: media.id },
    select: { variants: true, downloadKey: true, watermark: true },
  });
  if (!still) {
    // Deleted while we worked: remove everything under its folder.
    await removeMediaObjects([
      { ...media, posterKey: null, multipartUploadId: null, variants: null, downloadKey: null },
    ]);
    return;
  }
  const kept = new Set((parseStoredVariants(still.variants) ?? []).map((v) => v.key));
  if (still.downloadKey) kept.add(still.downloadKey);
  for (const key of watermarkKeys(parseStoredWatermark(still.watermark))) kept.add(key);
  await Promise.all(written.filter((key) => !kept.has(key)).map((key) => storage.delete(key)));
}
