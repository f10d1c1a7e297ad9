import "server-only";
import type { ContainerInfo } from "@/lib/media/containers";
import { toolAvailable } from "@/lib/media/ffmpeg";
import { posterKeyOf, prefixOfKey } from "@/lib/media/keys";
import { storeImage } from "@/lib/media/processors/image";
import { containerInfoOf, toolInput } from "@/lib/media/processors/source";
import type { MediaProcessor } from "@/lib/media/processors/types";
import { processImage } from "@/lib/media/variants";
import { extractPoster, placeholderPoster, posterTimeSeconds } from "@/lib/media/video";
import { probeMedia } from "@/lib/media/video";
import { storage } from "@/lib/storage";

/** Videos: duration and size (ffprobe, else the container), a poster frame and its renditions. */
export const processVideo: MediaProcessor = async (media, settings) => {
  const [ffprobe, ffmpeg] = await Promise.all([
    toolAvailable(settings.ffprobePath).then((ok) => (ok ? settings.ffprobePath : null)),
    toolAvailable(settings.ffmpegPath).then((ok) => (ok ? settings.ffmpegPath : null)),
  ]);
  const input = ffprobe || ffmpeg ? await toolInput(media.storageKey) : "";

  let info: ContainerInfo = { durationMs: null, width: null, height: null };
  if (ffprobe) info = await probeMedia(ffprobe, input).catch(() => info);
  if (info.durationMs === null || info.width === null) {
    const fromContainer = await containerInfoOf(media);
    info = {
      durationMs: info.durationMs ?? fromContainer.durationMs,
      width: info.width ?? fromContainer.width,
      height: info.height ?? fromContainer.height,
    };
  }

  let poster: Buffer | null = null;
  if (ffmpeg) {
    poster = await extractPoster(ffmpeg, input, posterTimeSeconds(info.durationMs)).catch(
      (error: unknown) => {
        console.warn("[afterglow] no poster frame, using a placeholder", {
          mediaId: media.id,
          error: String(error),
        });
        return null;
      },
    );
  }
  poster ??= await placeholderPoster(media.id, info);

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
