import { env } from "@/lib/core/env";
import { MB } from "@/lib/platform/plans/limits";

/** Media limits and tools, from the environment. */
export interface MediaSettings {
  multipartThresholdBytes: number;
  partSizeBytes: number;
  maxImagePixels: number;
  /** Executables, or null when unavailable/disabled. */
  ffmpegPath: string | null;
  ffprobePath: string | null;
  /**
   * Lifetime of each presigned upload URL. A single PUT (at most the multipart threshold)
   * fits in it; a part whose URL expired is signed again, so long uploads keep going.
   */
  uploadUrlTtlSeconds: number;
  /** Lifetime of signed download URLs of originals. */
  downloadUrlTtlSeconds: number;
  /**
   * Time limit of one transcode run (all of a video's renditions): below the video queue's
   * job expiry (`lib/core/queue/boss.ts`, 60 min), so a stuck ffmpeg is killed before pg-boss gives up.
   */
  transcodeTimeoutMs: number;
  /** Encoder threads per rendition, so a transcode leaves the app a core. */
  transcodeThreads: number;
}

const orNull = (value: string) => (value === "off" || value === "" ? null : value);

/**
 * The settings from the environment. `overrides` is the one seam for callers that need
 * other values for one call (tests: no ffmpeg, a lower pixel limit, smaller parts).
 */
export function mediaSettings(overrides: Partial<MediaSettings> = {}): MediaSettings {
  return {
    multipartThresholdBytes: env.UPLOAD_MULTIPART_THRESHOLD_MB * MB,
    partSizeBytes: env.UPLOAD_PART_SIZE_MB * MB,
    maxImagePixels: env.MEDIA_MAX_IMAGE_PIXELS,
    ffmpegPath: orNull(env.FFMPEG_PATH),
    ffprobePath: orNull(env.FFPROBE_PATH),
    uploadUrlTtlSeconds: 15 * 60,
    downloadUrlTtlSeconds: 60,
    transcodeTimeoutMs: 45 * 60_000,
    transcodeThreads: 2,
    ...overrides,
  };
}
