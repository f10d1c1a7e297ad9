import "server-only";
import type { ContainerInfo } from "@/lib/media/containers";
import { toolAvailable, type ToolInput } from "@/lib/media/ffmpeg";
import { posterKeyOf, prefixOfKey } from "@/lib/media/keys";
import { storeImage } from "@/lib/media/processors/image";
import { containerInfoOf, withToolInput } from "@/lib/media/processors/source";
import type { MediaProcessor, MediaRow } from "@/lib/media/processors/types";
import { processImage } from "@/lib/media/variants";
import { extractPoster, placeholderPoster, posterTimeSeconds } from "@/lib/media/video";
import { probeMedia } from "@/lib/media/video";
import { storage } from "@/lib/storage";

const NO_INFO: ContainerInfo = { durationMs: null, width: null, height: null };

/** Videos: duration and size (ffprobe, else the container), a poster frame and its renditions. */
export const processVideo: MediaProcessor = async (media, settings) => {
  const [ffprobe, ffmpeg] = await Promise.all([
    toolAvailable(settings.ffprobePath).then((ok) => (ok ? settings.ffprobePath : null)),
    toolAvailable(settings.ffmpegPath).then((ok) => (ok ? settings.ffmpegPath : null)),
  ]);
  const read =
    ffprobe || ffmpeg
      ? await withToolInput(media, (input) => readWithTools(media, input, ffprobe, ffmpeg))
      : { info: NO_INFO, poster: null };
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
    },
    variants: [
      ...stored.variants,
      { width: posterImage.width, format: "jpeg", key: posterKey, bytes: poster.length },
    ],
    written: [...stored.written, posterKey],
  };
};

/** ffprobe's facts and a poster frame from the local copy; each step may fail on its own. */
async function readWithTools(
  media: MediaRow,
  input: ToolInput,
  ffprobe: string | null,
  ffmpeg: string | null,
): Promise<{ info: ContainerInfo; poster: Buffer | null }> {
  const info = ffprobe ? await probeMedia(ffprobe, input).catch(() => NO_INFO) : NO_INFO;
  if (!ffmpeg) return { info, poster: null };
  // The poster time needs the duration: from ffprobe, else from the container.
  const durationMs = info.durationMs ?? (await containerInfoOf(media)).durationMs;
  const poster = await extractPoster(ffmpeg, input, posterTimeSeconds(durationMs)).catch((error: unknown) => {
    console.warn("[afterglow] no poster frame, using a placeholder", {
      mediaId: media.id,
      error: String(error),
    });
    return null;
  });
  return { info, poster };
}
