import { once } from "node:events";
import type { Readable } from "node:stream";
import { ZipArchive } from "archiver";
import { storage } from "@/lib/core/storage";

/**
 * How slowly a "Download all" reader may take its ZIP before its slot goes to someone else
 * (issue #34, row 11). The idle timeout alone let a reader that takes one small chunk every
 * 29 seconds hold a slot for as long as it liked.
 */
export interface ZipPace {
  /** A reader that asks for no more bytes for this long is cut and its slot freed. */
  idleTimeoutMs: number;
  /** Past the grace period, a reader whose average over the window is below this is cut. */
  minBytesPerSecond: number;
  /** The reader's own time before the minimum applies (the window is shorter then: all of it so far). */
  graceMs: number;
  /** The sliding window the average is taken over. */
  windowMs: number;
}

/**
 * Long enough for a phone that stalls a moment (a network switch, a busy disk) to carry on,
 * short enough that a reader who stops reading gives the slot back soon.
 */
export const ZIP_IDLE_TIMEOUT_MS = 30_000;
/**
 * 16 KiB/s (128 kbit/s): below any mobile data connection a fan would fetch a gallery of full-size
 * photos with (3G gives well over 1 Mbit/s; a 2 GB ZIP at this rate takes 36 hours). Above it, a
 * slot costs its holder real bandwidth: six slots, with MAX_ZIP_STREAMS_PER_CLIENT per address,
 * need three addresses each downloading at least 32 KiB/s, for as long as they hold them.
 */
export const ZIP_MIN_BYTES_PER_SECOND = 16 * 1024;
/** TCP's slow start, the browser's save dialog and the kernel's send buffers filling take a few seconds. */
export const ZIP_THROUGHPUT_GRACE_MS = 30_000;
/** A minute: a congested venue Wi-Fi that stalls for 20 s and recovers is averaged out, not cut. */
export const ZIP_THROUGHPUT_WINDOW_MS = 60_000;

export const ZIP_PACE: ZipPace = {
  idleTimeoutMs: ZIP_IDLE_TIMEOUT_MS,
  minBytesPerSecond: ZIP_MIN_BYTES_PER_SECOND,
  graceMs: ZIP_THROUGHPUT_GRACE_MS,
  windowMs: ZIP_THROUGHPUT_WINDOW_MS,
};

/**
 * The reader's pace, on the reader's own clock: only the time a chunk waited to be taken counts
 * (from our handing it over to the next read), never the time we spent waiting for the store,
 * so a slow store or a photo being copied never cuts a fan. `taken` is called at each read with
 * the size of the chunk the reader has just taken; it says whether the reader is too slow.
 */
export function paceMeter(pace: ZipPace) {
  let clock = 0;
  let bytes = 0;
  // (reader clock, bytes taken by then), oldest first; the first is at or before the window's start.
  const samples: { at: number; bytes: number }[] = [{ at: 0, bytes: 0 }];
  return {
    taken(chunkBytes: number, waitedMs: number): boolean {
      clock += waitedMs;
      bytes += chunkBytes;
      samples.push({ at: clock, bytes });
      while (samples.length > 2 && samples[1]!.at <= clock - pace.windowMs) samples.shift();
      if (clock < pace.graceMs) return false;
      const from = samples[0]!;
      const span = clock - from.at;
      return span > 0 && ((bytes - from.bytes) * 1000) / span < pace.minBytesPerSecond;
    },
  };
}

/**
 * The archive as a web stream. Objects are opened one at a time (the next once the previous
 * entry is written), so a large gallery never holds hundreds of store connections open; JPEG,
 * PNG, WebP and GIF are already compressed, so entries are stored, not deflated.
 *
 * The stream hands the archive's bytes over one chunk per read of its reader (no read-ahead:
 * `highWaterMark` 0), so the reader's pace is seen: when it asks for nothing for the idle
 * timeout after its last chunk, or its average falls below the minimum (`paceMeter`), the stream
 * fails (the browser marks the download failed) and the archive is destroyed, which frees the slot.
 */
export function zipStream<P>(
  photos: readonly P[],
  keyOf: (photo: P) => Promise<string>,
  names: readonly string[],
  release: () => void,
  pace: ZipPace,
): ReadableStream<Uint8Array> {
  const archive = new ZipArchive({ store: true });
  // A fan who cancels the download, or is cut, closes the stream: stop waiting for entries and
  // opening objects, close the object being read (a destroyed archive leaves its source open,
  // holding a store connection), and free the slot (finished, failed or cancelled: it is free again).
  const closed = new AbortController();
  let reading: Readable | null = null;
  const finish = () => {
    release();
    closed.abort();
    reading?.destroy();
  };
  archive.once("close", finish);
  void (async () => {
    try {
      for (const [i, photo] of photos.entries()) {
        if (closed.signal.aborted) return;
        const key = await keyOf(photo);
        if (closed.signal.aborted) return;
        // Opened before waiting for its entry: a missing object must not leave a pending
        // `once` behind to reject unobserved when the archive is destroyed below.
        const object = await storage.readStream(key);
        reading = object;
        if (closed.signal.aborted) {
          object.destroy();
          return;
        }
        const entry = once(archive, "entry", { signal: closed.signal });
        archive.append(object, { name: names[i] ?? `photo-${i + 1}` });
        await entry;
      }
      await archive.finalize();
    } catch (error) {
      if (closed.signal.aborted) return;
      // The headers are sent: all that is left is to break the stream so the browser marks the
      // download failed instead of saving a truncated ZIP as complete.
      archive.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  })();

  const chunks = archive[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const meter = paceMeter(pace);
  let idle: ReturnType<typeof setTimeout> | undefined;
  // The chunk the reader has (size, when it was handed over), until its next read.
  let handedOver: { bytes: number; at: number } | null = null;
  const cut = (controller: ReadableStreamDefaultController<Uint8Array>, why: string) => {
    controller.error(new Error(why));
    archive.destroy();
  };
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        clearTimeout(idle);
        if (handedOver && meter.taken(handedOver.bytes, performance.now() - handedOver.at)) {
          cut(controller, `ZIP reader below ${pace.minBytesPerSecond} bytes/s`);
          return;
        }
        let next: IteratorResult<Buffer>;
        try {
          next = await chunks.next();
        } catch (error) {
          controller.error(error);
          finish();
          return;
        }
        if (next.done) {
          controller.close();
          finish();
          return;
        }
        controller.enqueue(next.value);
        handedOver = { bytes: next.value.length, at: performance.now() };
        idle = setTimeout(
          () => cut(controller, `ZIP reader idle for ${pace.idleTimeoutMs} ms`),
          pace.idleTimeoutMs,
        );
        // The clock must not keep a process alive that is shutting down.
        idle.unref?.();
      },
      cancel() {
        clearTimeout(idle);
        archive.destroy();
      },
    },
    { highWaterMark: 0 },
  );
}
