import type { PrismaClient } from "@/lib/db-client";
import { env } from "@/lib/env";
import type { JobSender } from "@/lib/jobs/queues";
import { MB } from "@/lib/plans/limits";
import type { ObjectStore } from "@/lib/storage/objects";

/**
 * What the media, upload, content and event functions need from the outside world, passed
 * in rather than imported, so integration tests run them against their own database and
 * bucket. The app builds one from its singletons (`lib/media/server-context.ts`).
 */
export interface MediaContext {
  db: PrismaClient;
  /** Storage as the server reaches it. */
  store: ObjectStore;
  /** Storage as browsers reach it, for presigned URLs (defaults to `store`). */
  publicStore?: ObjectStore;
  jobs: JobSender;
  settings?: Partial<MediaSettings>;
}

export interface MediaSettings {
  multipartThresholdBytes: number;
  partSizeBytes: number;
  maxImagePixels: number;
  /** Executables, or null when unavailable/disabled. */
  ffmpegPath: string | null;
  ffprobePath: string | null;
  /** Lifetime of presigned upload URLs. */
  uploadUrlTtlSeconds: number;
  /** Lifetime of signed download URLs of originals. */
  downloadUrlTtlSeconds: number;
}

const orNull = (value: string) => (value === "off" || value === "" ? null : value);

export function mediaSettings(ctx: Pick<MediaContext, "settings">): MediaSettings {
  return {
    multipartThresholdBytes: env.UPLOAD_MULTIPART_THRESHOLD_MB * MB,
    partSizeBytes: env.UPLOAD_PART_SIZE_MB * MB,
    maxImagePixels: env.MEDIA_MAX_IMAGE_PIXELS,
    ffmpegPath: orNull(env.FFMPEG_PATH),
    ffprobePath: orNull(env.FFPROBE_PATH),
    uploadUrlTtlSeconds: 3600,
    downloadUrlTtlSeconds: 60,
    ...ctx.settings,
  };
}

export function publicStoreOf(ctx: MediaContext): ObjectStore {
  return ctx.publicStore ?? ctx.store;
}
