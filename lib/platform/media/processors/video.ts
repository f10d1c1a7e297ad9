import "server-only";
import type { ContainerInfo } from "@/lib/platform/media/containers";
import { toolAvailable, type ToolInput } from "@/lib/platform/media/ffmpeg";
import { posterKeyOf, prefixOfKey } from "@/lib/platform/media/keys";
import { storeImage } from "@/lib/platform/media/store-image";
import { containerInfoOf, withToolInput } from "@/lib/platform/media/processors/source";
import { transcodeVideo, type Renditions } from "@/lib/platform/media/processors/transcode";
import { MEDIA_ERRORS, type MediaProcessor, type MediaRow } from "@/lib/platform/media/processors/types";
import type { MediaSettings } from "@/lib/platform/media/settings";
import { processImage } from "@/lib/platform/media/variants";
import { extractPoster, placeholderPoster, posterTimeSeconds } from "@/lib/platform/media/video";
import { probeMedia } from "@/lib/platform/media/video";
import { storage } from "@/lib/core/storage";

const NO_INFO: ContainerInfo = { durationMs: null, width: null, height: null };

/** What the tools made of a video; `streams` null without ffmpeg or when transcoding failed. */
interface ToolRead {
  info: ContainerInfo;
  poster: Buffer | null;
  streams: Renditions | null;
  transcodeFailed: boolean;
}

/**
 * Videos: duration and size (ffprobe, else the container), a poster frame and its renditions,
 * and the H.264/AAC playback renditions (`lib/platform/media/renditions.ts`). Without ffmpeg, or when
 * the transcode fails, the media is still ready and the player falls back to the original;
 * a failed transcode is recorded in `processingError` (the media stays `ready`).
 */
export const processVideo: MediaProcessor = async (media, settings) => {
  const [ffprobe, ffmpeg] = await Promise.all([
    toolAvailable(settings.ffprobePath).then((ok) => (ok ? settings.ffprobePath : null)),
    toolAvailable(settings.ffmpegPath).then((ok) => (ok ? settings.ffmpegPath : null)),
  ]);
  const read =
    ffprobe || ffmpeg
      ? await withToolInput(media, (input) => readWithTools(media, input, ffprobe, ffmpeg, settings))
      : { info: NO_INFO, poster: null, streams: null, transcodeFailed: false };
  let info = read.info;
  if (info.durationMs === null || info.width === null) {
    const fromContainer = await containerInfoOf(media);
    info = {
      durationMs: info.durationMs ?? fromContainer.durationMs,
      width: info.width ?? fromContainer.width,
      height: info.height ?? fromContainer.height,
    };
  }
  const poster = read.poster ?? (await placeholderPoster(media.id, info));

  const posterImage = await processImage(poster);
  const base = prefixOfKey(media.storageKey);
  const posterKey = posterKeyOf(media.storageKey);
  await storage.put(posterKey, poster, "image/jpeg");
  const stored = await storeImage(base, posterImage);
  return {
    data: {
      durationMs: info.durationMs,
      width: info.width ?? posterImage.width,
      height: info.height ?? posterImage.height,
      blurDataUrl: posterImage.blurDataUrl,
      posterKey,
      ...(read.transcodeFailed ? { processingError: MEDIA_ERRORS.transcodeFailed } : {}),
    },
    variants: [
      ...stored.variants,
      { width: posterImage.width, format: "jpeg", key: posterKey, bytes: poster.length },
      ...(read.streams?.variants ?? []),
    ],
    written: [...stored.written, posterKey, ...(read.streams?.written ?? [])],
  };
};

/** ffprobe's facts, a poster frame and the renditions from the local copy; each step may fail on its own. */
async function readWithTools(
  media: MediaRow,
  input: ToolInput,
  ffprobe: string | null,
  ffmpeg: string | null,
  settings: MediaSettings,
): Promise<ToolRead> {
  const info = ffprobe ? await probeMedia(ffprobe, input).catch(() => NO_INFO) : NO_INFO;
  if (!ffmpeg) return { info, poster: null, streams: null, transcodeFailed: false };
  // The poster time needs the duration: from ffprobe, else from the container.
  const durationMs = info.durationMs ?? (await containerInfoOf(media)).durationMs;
  const poster = await extractPoster(ffmpeg, input, posterTimeSeconds(durationMs)).catch((error: unknown) => {
    console.warn("[afterglow] no poster frame, using a placeholder", {
      mediaId: media.id,
      error: String(error),
    });
    return null;
  });
  const streams = await transcodeVideo(media, input, info, { ffmpeg, ffprobe }, settings).catch(
    (error: unknown) => {
      console.warn("[afterglow] video transcode failed; the original stays playable", {
        mediaId: media.id,
        error: String(error),
      });
      return null;
    },
  );
  return { info, poster, streams, transcodeFailed: streams === null };
}
