import "server-only";
import {
  mp3Info,
  mp4Info,
  oggInfo,
  webmInfo,
  type ContainerInfo,
  type RangeReader,
} from "@/lib/media/containers";
import { FILE_TYPE_RULES } from "@/lib/media/file-types";
import type { MediaRow } from "@/lib/media/processors/types";
import { storage } from "@/lib/storage";

/** Reads of a stored original shared by the video and audio processors. */

function rangeReader(key: string): RangeReader {
  return (start, end) => storage.readRange(key, start, end);
}

/** A signed URL ffmpeg can read (with range requests) instead of downloading the file. */
export function toolInput(key: string): Promise<string> {
  return storage.signedGetUrl(key, { expiresIn: 3600 });
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
