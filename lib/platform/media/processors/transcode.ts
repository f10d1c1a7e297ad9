import "server-only";
import { stat } from "node:fs/promises";
import path from "node:path";
import { db } from "@/lib/core/db";
import type { ContainerInfo } from "@/lib/platform/media/containers";
import { runTool, type ToolInput } from "@/lib/platform/media/ffmpeg";
import { prefixOfKey } from "@/lib/platform/media/keys";
import type { MediaRow } from "@/lib/platform/media/processors/types";
import {
  AUDIO_RENDITION_NAME,
  audioTranscodeArgs,
  renditionLadder,
  renditionSize,
  videoRenditionName,
  videoTranscodeArgs,
} from "@/lib/platform/media/renditions";
import type { MediaSettings } from "@/lib/platform/media/settings";
import type { StoredVariant } from "@/lib/platform/media/variants";
import { probeMedia } from "@/lib/platform/media/video";
import { storage } from "@/lib/core/storage";

/**
 * A long transcode outlives the sweep's stale-processing window (`lib/surfaces/workers/sweep.ts`, 20 min),
 * which would queue the same media again: touching the row while ffmpeg runs tells the sweep
 * the job is alive. The time limit (`transcodeTimeoutMs`) still bounds the run.
 */
const HEARTBEAT_MS = 5 * 60_000;

async function withHeartbeat<T>(mediaId: string, work: () => Promise<T>): Promise<T> {
  const timer = setInterval(() => {
    db.mediaFile
      .updateMany({ where: { id: mediaId, state: "processing" }, data: { updatedAt: new Date() } })
      .catch(() => undefined);
  }, HEARTBEAT_MS);
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}

export interface Renditions {
  variants: StoredVariant[];
  written: string[];
}

/**
 * Stores the files ffmpeg wrote beside the original. If one upload fails, those already
 * stored are removed again, so a failed transcode leaves no unlisted bytes behind.
 */
async function storeOutputs(
  media: MediaRow,
  outputs: { name: string; file: string; contentType: string; size: () => Promise<StoredVariant> }[],
): Promise<Renditions> {
  const written: string[] = [];
  const variants: StoredVariant[] = [];
  try {
    for (const output of outputs) {
      const key = `${prefixOfKey(media.storageKey)}/${output.name}`;
      if ((await stat(output.file)).size === 0) throw new Error(`ffmpeg wrote an empty ${output.name}`);
      // Streamed from disk: an hour of 1080p does not have to fit in memory.
      const bytes = await storage.putFile(key, output.file, output.contentType);
      written.push(key);
      variants.push({ ...(await output.size()), key, bytes });
    }
  } catch (error) {
    await Promise.all(written.map((key) => storage.delete(key).catch(() => undefined)));
    throw error;
  }
  return { variants, written };
}

/**
 * H.264/AAC MP4 renditions of a video (`renditionLadder`), written next to the local copy
 * `input` (`withToolInput` deletes its folder afterwards) in one ffmpeg run bounded by the
 * settings' time limit and thread cap. Throws when ffmpeg fails: the caller keeps the original.
 */
export async function transcodeVideo(
  media: MediaRow,
  input: ToolInput,
  info: ContainerInfo,
  tools: { ffmpeg: string; ffprobe: string | null },
  settings: MediaSettings,
): Promise<Renditions> {
  const dir = path.dirname(input.path);
  const steps = renditionLadder(info.width, info.height).map((step) => ({
    step,
    path: path.join(dir, videoRenditionName(step)),
  }));
  await withHeartbeat(media.id, () =>
    runTool(tools.ffmpeg, videoTranscodeArgs(input, steps, { threads: settings.transcodeThreads }), {
      timeoutMs: settings.transcodeTimeoutMs,
      maxStdoutBytes: 64 * 1024,
    }),
  );
  return storeOutputs(
    media,
    steps.map(({ step, path: file }) => ({
      name: videoRenditionName(step),
      file,
      contentType: "video/mp4",
      size: async () => {
        const probed = tools.ffprobe
          ? await probeMedia(tools.ffprobe, { path: file, format: "mov" }).catch(() => null)
          : null;
        const known =
          probed?.width && probed.height
            ? { width: probed.width, height: probed.height }
            : info.width && info.height
              ? renditionSize(step, info.width, info.height)
              : { width: 0, height: step };
        return { ...known, format: "mp4" as const, key: "", bytes: 0 };
      },
    })),
  );
}

/** An AAC (m4a) rendition of an audio file, bounded like the video transcode. */
export async function transcodeAudio(
  media: MediaRow,
  input: ToolInput,
  ffmpeg: string,
  settings: MediaSettings,
): Promise<Renditions> {
  const file = path.join(path.dirname(input.path), AUDIO_RENDITION_NAME);
  await withHeartbeat(media.id, () =>
    runTool(ffmpeg, audioTranscodeArgs(input, file, { threads: settings.transcodeThreads }), {
      timeoutMs: settings.transcodeTimeoutMs,
      maxStdoutBytes: 64 * 1024,
    }),
  );
  return storeOutputs(media, [
    {
      name: AUDIO_RENDITION_NAME,
      file,
      contentType: "audio/mp4",
      size: async () => ({ width: 0, format: "m4a" as const, key: "", bytes: 0 }),
    },
  ]);
}
