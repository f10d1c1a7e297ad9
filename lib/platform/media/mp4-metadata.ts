import { boxes, type Box, type RangeReader } from "@/lib/platform/media/containers";

/**
 * Fans' MP4/MOV downloads without the organiser's location (issue #34, row 2), made on the fly
 * from the stored original, without a second copy and without changing a single length.
 *
 * Where a phone or camera puts the place a video was shot: `moov/udta` (`©xyz`, 3GPP `loci`,
 * `XMP_`), `moov/meta` (Apple's `com.apple.quicktime.location.ISO6709` in `keys`/`ilst`), the
 * same boxes inside each `trak` (and, rarely, its `mdia`/`minf`), and an XMP `uuid` box or a
 * `meta`/`udta` box at the top level. Each of those boxes keeps its size and becomes a `free`
 * box whose body is zeros: players skip `free` boxes, every chunk offset (`stco`/`co64`) still
 * points at the same sample, and the file's length, its Content-Length and any byte range are
 * what they were. Zeroing matters: a box merely renamed would still carry the coordinates for
 * anyone who reads the bytes. What is left alone: the tracks, their samples (`mdat`, passed
 * through untouched), the rotation (`tkhd` matrix) and colour information (`colr` in the sample
 * description), the brands (`ftyp`). Titles and encoder names in those boxes go too.
 *
 * The walk is strict where leniency could hide something: the top-level boxes must cover the
 * file exactly (size 0 = to the end, 64-bit sizes read), one `moov` of at most
 * `MP4_PLAN_LIMITS`, every container walked inside it covered by its children, and every track
 * one of pictures or sound (`PLAIN_TRACKS`).
 * Anything else is a refusal (`ok: false`), never a guess: the caller then offers a file without
 * metadata (a playback rendition) or nothing.
 *
 * Why on the fly rather than a copy (`ffmpeg -map_metadata -1 -c copy` by the worker): a copy
 * doubles a video's bytes at rest (multi-GB files), costs a full read and write of each video at
 * processing and in a backfill of every old one, and a remux is not the original file (ffmpeg
 * rewrites the sample tables, may drop tracks or boxes it does not know, e.g. timecode or
 * camera data tracks, and needs care to keep rotation). The patch costs a few small range
 * reads and one read of `moov` per request (its tables grow with duration, not bitrate: 18 KB
 * for 20 s of 30 fps video and audio, measured; a few MB for an hour); what it costs instead is that
 * the app, not the store, streams the bytes (lib/features/engagement/video-download.ts).
 */

/** From `start`, the bytes of `header`, then zeros up to `end` (exclusive): a box turned `free`. */
export interface BoxPatch {
  start: number;
  end: number;
  header: Uint8Array;
}

export type Mp4CleaningPlan = { ok: true; patches: BoxPatch[] } | { ok: false; reason: string };

export interface Mp4PlanLimits {
  maxMoovBytes: number;
  /** A regular file has a handful (ftyp, free, mdat, moov; wide, uuid from some cameras). */
  maxTopLevelBoxes: number;
  /** Children of one container walked inside `moov` (moov, trak, mdia, minf: a few each). */
  maxChildren: number;
}

/**
 * Limits that bound a plan's cost whatever the file (issue #34 review, M2: a 61 MB `moov` of
 * 8-byte `free` boxes took 21 s and 737 MB of heap to walk).
 *
 * - `moov` ≤ 16 MB: its sample tables grow with the number of samples, about 4 bytes a sample
 *   in `stsz`, up to 8 more in `ctts`, plus the chunk offsets. Two hours of 60 fps video
 *   (432,000 frames) and 48 kHz AAC (337,500 frames) come to about 7 MB at worst, 18 KB for 20 s
 *   measured; 16 MB leaves twice that. A larger one is refused (the fan gets the rendition).
 * - 64 top-level boxes, each a small read from the store: ffmpeg writes 4 (`ftyp`, `free`, `mdat`,
 *   `moov`), phones and cameras a few more. A fragmented file (a `moof`/`mdat` pair per fragment)
 *   is refused: its fans get the playback rendition.
 * - 4,096 children of one container: real ones have a handful (a `moov` one `trak` per track).
 */
export const MP4_PLAN_LIMITS: Mp4PlanLimits = {
  maxMoovBytes: 16 * 1024 * 1024,
  maxTopLevelBoxes: 64,
  maxChildren: 4096,
};

/** Boxes read while planning (tests assert on it: a hostile file is refused after few). */
export interface Mp4PlanStats {
  boxes: number;
}

/** Boxes that carry metadata (location among it): neutralised wherever they are found. */
const METADATA_BOXES = new Set(["udta", "meta"]);
/**
 * The only tracks whose samples are known to hold no place: pictures and sound. Every other
 * handler (GoPro `gpmd` and DJI `djmd` under `meta`, `camm` camera motion, Apple's timed
 * metadata `mebx`, subtitles and text `sbtl`/`subt`/`text`, timecode `tmcd`, hints) may carry
 * the location in its sample data, in `mdat`, where blanking boxes cannot reach: such a file is
 * refused, and the fan gets the playback rendition (renditions.ts maps the first video and
 * audio stream only, `-map_metadata -1`).
 */
const PLAIN_TRACKS = new Set(["vide", "soun"]);
/** Containers inside `moov` whose children are searched (never the sample tables). */
const SEARCHED = new Set(["trak", "mdia", "minf"]);
/** The XMP packet's box (ISO 16684-1): `uuid` BE7ACFCB-97A9-42E8-9C71-999491E3AFAC. */
const XMP_UUID = "be7acfcb97a942e89c71999491e3afac";
const FREE = [0x66, 0x72, 0x65, 0x65];

const ascii = (buf: Uint8Array, offset: number, length: number): string =>
  String.fromCharCode(...buf.subarray(offset, offset + length));
const hex = (buf: Uint8Array, offset: number, length: number): string =>
  Buffer.from(buf.subarray(offset, offset + length)).toString("hex");

/** Whether a box (its type, and for `uuid` the 16 bytes after its header) is metadata. */
function isMetadata(type: string, buf: Uint8Array, body: number): boolean {
  return METADATA_BOXES.has(type) || (type === "uuid" && hex(buf, body, 16) === XMP_UUID);
}

/** The box's header with its type made `free` (its size fields as they were). */
function freeHeader(buf: Uint8Array, start: number, body: number): Uint8Array {
  const header = Uint8Array.from(buf.subarray(start, body));
  header.set(FREE, 4);
  return header;
}

const refuse = (reason: string): Mp4CleaningPlan => ({ ok: false, reason });

/** A track's handler type (`mdia/hdlr`: 4 bytes of version and flags, 4 pre-defined, then it). */
function handlerOf(moov: Uint8Array, trak: Box, limits: Mp4PlanLimits): string | null {
  const mdia = boxes(moov, trak.body, trak.end, limits.maxChildren).find((b) => b.type === "mdia");
  const hdlr = mdia && boxes(moov, mdia.body, mdia.end, limits.maxChildren).find((b) => b.type === "hdlr");
  return hdlr && hdlr.body + 12 <= hdlr.end ? ascii(moov, hdlr.body + 8, 4) : null;
}

/**
 * The patches of a `moov` box's bytes (`base`: where it starts in the file), or the reason its
 * children cannot be accounted for or a track may hold a place in its samples.
 */
export function moovPatches(
  moov: Uint8Array,
  base: number,
  limits: Mp4PlanLimits = MP4_PLAN_LIMITS,
  stats: Mp4PlanStats = { boxes: 0 },
): BoxPatch[] | string {
  const patches: BoxPatch[] = [];
  const walk = (start: number, end: number, depth: number): string | null => {
    const children = boxes(moov, start, end, limits.maxChildren + 1);
    stats.boxes += children.length;
    if (children.length > limits.maxChildren) return `more than ${limits.maxChildren} boxes in one container`;
    if ((children.at(-1)?.end ?? start) !== end) return "a box inside moov does not fit its parent";
    for (const box of children) {
      if (box.type === "trak") {
        const handler = handlerOf(moov, box, limits);
        if (!handler || !PLAIN_TRACKS.has(handler)) return `a track of type ${handler ?? "unknown"}`;
      }
      if (isMetadata(box.type, moov, box.body)) {
        patches.push({
          start: base + box.start,
          end: base + box.end,
          header: freeHeader(moov, box.start, box.body),
        });
      } else if (SEARCHED.has(box.type) && depth < 4) {
        const problem = walk(box.body, box.end, depth + 1);
        if (problem) return problem;
      }
    }
    return null;
  };
  const top = boxes(moov, 0, moov.length, 1)[0];
  if (!top || top.type !== "moov" || top.end !== moov.length) return "not a whole moov box";
  return walk(top.body, top.end, 0) ?? patches;
}

/**
 * Walks the file's top-level boxes with small reads (`read`: inclusive range, may return fewer
 * bytes at the end) and reads `moov` whole: the patches that take its metadata out.
 */
export async function planMp4Cleaning(
  read: RangeReader,
  size: number,
  limits: Mp4PlanLimits = MP4_PLAN_LIMITS,
  stats: Mp4PlanStats = { boxes: 0 },
): Promise<Mp4CleaningPlan> {
  const patches: BoxPatch[] = [];
  let moovSeen = false;
  let offset = 0;
  for (let count = 0; offset < size; count++) {
    if (count >= limits.maxTopLevelBoxes) return refuse("too many top-level boxes");
    stats.boxes++;
    if (offset + 8 > size) return refuse("bytes after the last box");
    // 8 (header) + 8 (64-bit size) + 16 (a uuid's type): enough to tell any box.
    const head = await read(offset, Math.min(size, offset + 32) - 1);
    if (head.length < 8) return refuse("short read");
    const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
    const type = ascii(head, 4, 4);
    const small = view.getUint32(0);
    let header = 8;
    let boxSize: number;
    if (small === 1) {
      if (head.length < 16) return refuse("truncated 64-bit size");
      const large = view.getBigUint64(8);
      if (large > BigInt(size - offset)) return refuse(`${type} runs past the end of the file`);
      boxSize = Number(large);
      header = 16;
    } else boxSize = small === 0 ? size - offset : small;
    if (boxSize < header) return refuse(`${type} is smaller than its header`);
    if (offset + boxSize > size) return refuse(`${type} runs past the end of the file`);
    if (type === "moov") {
      if (moovSeen) return refuse("two moov boxes");
      moovSeen = true;
      if (boxSize > limits.maxMoovBytes) return refuse(`moov of ${boxSize} bytes`);
      const moov = await read(offset, offset + boxSize - 1);
      if (moov.length !== boxSize) return refuse("short read of moov");
      const inner = moovPatches(moov, offset, limits, stats);
      if (typeof inner === "string") return refuse(inner);
      patches.push(...inner);
    } else if (isMetadata(type, head, header)) {
      // The header is all that needs reading: the rest becomes zeros as it streams past.
      if (type === "uuid" && head.length < header + 16) return refuse("truncated uuid box");
      patches.push({ start: offset, end: offset + boxSize, header: freeHeader(head, 0, header) });
    }
    offset += boxSize;
  }
  return moovSeen ? { ok: true, patches } : refuse("no moov box");
}

/**
 * `chunk` (the file's bytes from `at`) with the patches that overlap it applied; the chunk
 * itself when none does (never changed in place).
 */
export function patchChunk(chunk: Uint8Array, at: number, patches: readonly BoxPatch[]): Uint8Array {
  const chunkEnd = at + chunk.length;
  let out: Uint8Array | null = null;
  for (const patch of patches) {
    if (patch.end <= at || patch.start >= chunkEnd) continue;
    out ??= Uint8Array.from(chunk);
    const from = Math.max(patch.start, at);
    const to = Math.min(patch.end, chunkEnd);
    const headerEnd = Math.min(to, patch.start + patch.header.length);
    if (from < headerEnd)
      out.set(patch.header.subarray(from - patch.start, headerEnd - patch.start), from - at);
    const zerosFrom = Math.max(from, patch.start + patch.header.length);
    if (zerosFrom < to) out.fill(0, zerosFrom - at, to - at);
  }
  return out ?? chunk;
}

/** The file's bytes from `from` on (a whole file or a range of it), patched as they pass. */
export async function* patchedStream(
  source: AsyncIterable<Uint8Array>,
  from: number,
  patches: readonly BoxPatch[],
): AsyncGenerator<Uint8Array> {
  let at = from;
  for await (const chunk of source) {
    yield patchChunk(chunk, at, patches);
    at += chunk.length;
  }
}
