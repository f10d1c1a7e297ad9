import "server-only";
import { createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import {
  mp3Info,
  mp4Info,
  oggInfo,
  webmInfo,
  type ContainerInfo,
  type RangeReader,
} from "@/lib/platform/media/containers";
import type { ToolInput } from "@/lib/platform/media/ffmpeg";
import { FILE_TYPE_RULES, type SniffedFamily } from "@/lib/platform/media/file-types";
import { MEDIA_ERRORS, PermanentMediaError, type MediaRow } from "@/lib/platform/media/processors/types";
import { storage } from "@/lib/core/storage";

/** Reads of a stored original shared by the video and audio processors. */

function rangeReader(key: string): RangeReader {
  return (start, end) => storage.readRange(key, start, end);
}

/** ffmpeg's demuxer for each family the upload check sniffed (ffmpeg's names). */
const DEMUXERS: Partial<Record<SniffedFamily, string>> = {
  isobmff: "mov",
  webm: "matroska",
  ogg: "ogg",
  mp3: "mp3",
  wav: "wav",
};

/**
 * Runs `work` on a private local copy of a stored original, read with the demuxer of its
 * verified type. Never a URL: given one, ffmpeg probes the bytes itself, and a file that
 * passed as MP3 but holds an HLS playlist makes it fetch every address listed (loopback and
 * cloud metadata included). The copy is deleted afterwards, whatever happens.
 */
export async function withToolInput<T>(media: MediaRow, work: (input: ToolInput) => Promise<T>): Promise<T> {
  const family = FILE_TYPE_RULES[media.mimeType]?.family;
  const format = family ? DEMUXERS[family] : undefined;
  if (!format) throw new PermanentMediaError(MEDIA_ERRORS.unreadable, `no demuxer for ${media.mimeType}`);
  const dir = await mkdtemp(path.join(tmpdir(), "afterglow-media-"));
  try {
    const file = path.join(dir, "original");
    await pipeline(await storage.readStream(media.storageKey), createWriteStream(file, { mode: 0o600 }));
    return await work({ path: file, format });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Duration and size from the container's own headers, read by byte ranges (no ffprobe needed). */
export async function containerInfoOf(media: MediaRow): Promise<ContainerInfo> {
  const size = Number(media.sizeBytes);
  const read = rangeReader(media.storageKey);
  try {
    switch (FILE_TYPE_RULES[media.mimeType]?.family) {
      case "isobmff":
        return await mp4Info(read, size);
      case "webm":
        return webmInfo(await read(0, Math.min(size, 1024 * 1024) - 1));
      case "ogg":
        return await oggInfo(read, size);
      case "mp3":
        return await mp3Info(read, size);
      default:
        return { durationMs: null, width: null, height: null };
    }
  } catch {
    return { durationMs: null, width: null, height: null };
  }
}
