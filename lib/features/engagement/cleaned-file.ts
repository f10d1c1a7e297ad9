import type { Readable } from "node:stream";
import { parseByteRange } from "@/lib/core/http/byte-range";
import { storage } from "@/lib/core/storage";
import { paceMeter, ZIP_PACE, type ZipPace } from "@/lib/features/engagement/zip-stream";
import { FILE_TYPE_RULES } from "@/lib/platform/media/file-types";
import { patchedStream, type BoxPatch } from "@/lib/platform/media/mp4-metadata";
import { cachedMp4Plan } from "@/lib/platform/media/mp4-plan-cache";

/**
 * An MP4/MOV/M4A original as a fan gets it, from the app rather than the store: its bytes with
 * the metadata boxes blanked on the way (lib/platform/media/mp4-metadata.ts), the whole file or
 * one byte range (206; the patched file has the original's length, so a range is the original's
 * range with the patches that overlap it applied: browsers resume and players seek). Used by a
 * fan's download after the lead form (video-download.ts) and by the public media route's
 * `original` of a content that does not keep metadata (lib/surfaces/public-site/media-access.ts):
 * both would otherwise hand out the organiser's `©xyz`. A reader that takes nothing for the idle
 * timeout, or reads slower than the minimum pace (the ZIP's `paceMeter`), is cut.
 */

/** Whether a fan's copy of this file is streamed without its metadata boxes. */
export function streamsWithoutMetadata(media: { mimeType: string }, keepMetadata: boolean): boolean {
  return !keepMetadata && FILE_TYPE_RULES[media.mimeType]?.family === "isobmff";
}

export interface CleanedFileRequest {
  key: string;
  mimeType: string;
  /** The request's headers (Range, If-Range). */
  headers: Headers;
  /** Headers added to every answer (Content-Disposition, Cache-Control…). */
  extra?: Record<string, string>;
  pace?: ZipPace;
  /** Called once the stream ends, fails or is cancelled (or at once when nothing is streamed). */
  release?: () => void;
}

export type CleanedFile = { ok: true; response: Response } | { ok: false; reason: string };

export async function cleanedFileResponse(request: CleanedFileRequest): Promise<CleanedFile> {
  const release = once(request.release);
  try {
    const stat = await storage.stat(request.key);
    if (!stat?.size) {
      release();
      return { ok: false, reason: "missing" };
    }
    const size = stat.size;
    const plan = await cachedMp4Plan(request.key, size, stat.etag, (start, end) =>
      storage.readRange(request.key, start, end),
    );
    if (!plan.ok) {
      release();
      return plan;
    }
    const etag = stat.etag ? `"${stat.etag.replace(/^W\//, "").replaceAll('"', "")}-nometa"` : null;
    const ifRange = request.headers.get("if-range");
    const range = ifRange && ifRange !== etag ? null : parseByteRange(request.headers.get("range"), size);
    const common: Record<string, string> = {
      "Content-Type": request.mimeType,
      "Accept-Ranges": "bytes",
      "X-Content-Type-Options": "nosniff",
      ...(etag ? { ETag: etag } : {}),
      ...request.extra,
    };
    if (range === "unsatisfiable") {
      release();
      const headers = { ...common, "Content-Range": `bytes */${size}` };
      return { ok: true, response: new Response(null, { status: 416, headers }) };
    }
    const { start, end } = range ?? { start: 0, end: size - 1 };
    const source = await storage.readStream(request.key, `bytes=${start}-${end}`);
    const body = pacedStream(source, start, plan.patches, request.pace ?? ZIP_PACE, release);
    return {
      ok: true,
      response: new Response(body, {
        status: range ? 206 : 200,
        headers: {
          ...common,
          "Content-Length": String(end - start + 1),
          ...(range ? { "Content-Range": `bytes ${start}-${end}/${size}` } : {}),
        },
      }),
    };
  } catch (error) {
    release();
    throw error;
  }
}

function once(fn: (() => void) | undefined): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    fn?.();
  };
}

/**
 * The patched bytes as a web stream that reads the store only as fast as its reader takes them
 * (no read-ahead), cut when its reader takes nothing for the idle timeout or falls below the
 * minimum pace on its own clock (`paceMeter`: time spent waiting for the store never counts).
 */
export function pacedStream(
  source: Readable,
  from: number,
  patches: readonly BoxPatch[],
  pace: ZipPace,
  release: () => void,
): ReadableStream<Uint8Array> {
  const chunks = patchedStream(source, from, patches);
  const meter = paceMeter(pace);
  let handedOver: { bytes: number; at: number } | null = null;
  let idle: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    clearTimeout(idle);
    source.destroy();
    release();
  };
  const cut = (controller: ReadableStreamDefaultController<Uint8Array>, why: string) => {
    stop();
    controller.error(new Error(why));
  };
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        clearTimeout(idle);
        if (handedOver && meter.taken(handedOver.bytes, performance.now() - handedOver.at)) {
          cut(controller, `video reader below ${pace.minBytesPerSecond} bytes/s`);
          return;
        }
        let next: IteratorResult<Uint8Array>;
        try {
          next = await chunks.next();
        } catch (error) {
          stop();
          controller.error(error);
          return;
        }
        if (next.done) {
          stop();
          controller.close();
          return;
        }
        controller.enqueue(next.value);
        handedOver = { bytes: next.value.length, at: performance.now() };
        idle = setTimeout(
          () => cut(controller, `video reader idle for ${pace.idleTimeoutMs} ms`),
          pace.idleTimeoutMs,
        );
        idle.unref?.();
      },
      cancel: stop,
    },
    { highWaterMark: 0 },
  );
}
