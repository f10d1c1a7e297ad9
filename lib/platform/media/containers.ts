/**
 * Duration and frame size read straight from container headers, for when ffmpeg is not
 * installed: MP4/M4A (`moov` boxes), WebM (EBML), Ogg (last page's granule position) and MP3
 * (Xing/VBRI header or constant bit rate). Works over byte ranges, so a 10 GB video costs a
 * few small reads, never a download.
 */

/** Reads bytes `start`..`end` inclusive; may return fewer at the end of the file. */
export type RangeReader = (start: number, end: number) => Promise<Uint8Array>;

export interface ContainerInfo {
  durationMs: number | null;
  width: number | null;
  height: number | null;
}

const NONE: ContainerInfo = { durationMs: null, width: null, height: null };
/** The largest `moov` box read into memory (a long video's is a few MB). */
export const MAX_MOOV_BYTES = 64 * 1024 * 1024;

const ascii = (buf: Uint8Array, offset: number, length: number): string =>
  String.fromCharCode(...buf.subarray(offset, offset + length));

const viewOf = (buf: Uint8Array) => new DataView(buf.buffer, buf.byteOffset, buf.byteLength);

// ───────────────────────────── MP4 / M4A ─────────────────────────────

export interface Box {
  type: string;
  /** Offset of the box's header in the buffer. */
  start: number;
  /** Offset of its body (after the 8- or 16-byte header). */
  body: number;
  /** Its end (exclusive), never past the parent's `end`. */
  end: number;
}

/**
 * The boxes in `buf` between `start` and `end` (a parent's body), lenient: a size past the
 * parent is cut to it, size 0 runs to its end, a size too small to be a box stops the walk (a
 * caller that needs every byte accounted for checks that the last box ends at `end`). At most
 * `max` boxes are listed (a caller that caps them asks for one more than its cap).
 */
export function boxes(buf: Uint8Array, start: number, end: number, max = Infinity): Box[] {
  const view = viewOf(buf);
  const found: Box[] = [];
  for (let o = start; o + 8 <= end && found.length < max;) {
    let size = view.getUint32(o);
    let header = 8;
    if (size === 1) {
      if (o + 16 > end) break;
      size = Number(view.getBigUint64(o + 8));
      header = 16;
    } else if (size === 0) size = end - o;
    if (size < header) break;
    found.push({ type: ascii(buf, o + 4, 4), start: o, body: o + header, end: Math.min(end, o + size) });
    o += size;
  }
  return found;
}

/** Duration (mvhd) and the largest track size (tkhd) of a `moov` box's bytes. */
export function moovInfo(moov: Uint8Array): ContainerInfo {
  const view = viewOf(moov);
  const top = boxes(moov, 0, moov.length).find((b) => b.type === "moov");
  const inner = top ? boxes(moov, top.body, top.end) : boxes(moov, 0, moov.length);
  const mvhd = inner.find((b) => b.type === "mvhd");
  if (!mvhd || mvhd.body + 28 > moov.length) return NONE;
  const v1 = view.getUint8(mvhd.body) === 1;
  const timescale = view.getUint32(mvhd.body + (v1 ? 20 : 12));
  const duration = v1 ? Number(view.getBigUint64(mvhd.body + 24)) : view.getUint32(mvhd.body + 16);
  let width = 0;
  let height = 0;
  for (const trak of inner.filter((b) => b.type === "trak")) {
    const tkhd = boxes(moov, trak.body, trak.end).find((b) => b.type === "tkhd");
    if (!tkhd) continue;
    const at = tkhd.body + (view.getUint8(tkhd.body) === 1 ? 88 : 76);
    if (at + 8 > tkhd.end) continue;
    width = Math.max(width, view.getUint32(at) / 65536);
    height = Math.max(height, view.getUint32(at + 4) / 65536);
  }
  return {
    durationMs: timescale ? Math.round((duration / timescale) * 1000) : null,
    width: width > 0 ? Math.round(width) : null,
    height: height > 0 ? Math.round(height) : null,
  };
}

/** Walks the top-level boxes with small reads to find `moov` (at the start or the end). */
export async function mp4Info(read: RangeReader, size: number): Promise<ContainerInfo> {
  let offset = 0;
  while (offset + 8 <= size) {
    const head = await read(offset, Math.min(size, offset + 16) - 1);
    if (head.length < 8) break;
    const view = viewOf(head);
    let boxSize = view.getUint32(0);
    if (boxSize === 1 && head.length >= 16) boxSize = Number(view.getBigUint64(8));
    else if (boxSize === 0) boxSize = size - offset;
    if (boxSize < 8) break;
    if (ascii(head, 4, 4) === "moov") {
      if (boxSize > MAX_MOOV_BYTES) return NONE;
      return moovInfo(await read(offset, offset + boxSize - 1));
    }
    offset += boxSize;
  }
  return NONE;
}

// ───────────────────────────── WebM (EBML) ─────────────────────────────

const EBML = {
  segment: 0x18538067,
  info: 0x1549a966,
  timecodeScale: 0x2ad7b1,
  duration: 0x4489,
  tracks: 0x1654ae6b,
  trackEntry: 0xae,
  video: 0xe0,
  pixelWidth: 0xb0,
  pixelHeight: 0xba,
  cluster: 0x1f43b675,
} as const;

function readVint(
  buf: Uint8Array,
  pos: number,
  keepMarker: boolean,
): { value: number; length: number } | null {
  const first = buf[pos];
  if (first === undefined || first === 0) return null;
  let length = 1;
  while (!(first & (0x80 >> (length - 1)))) length++;
  if (length > 8 || pos + length > buf.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    const b = buf[pos + i] ?? 0;
    value = value * 256 + b;
    if (b !== 0xff) allOnes = false;
  }
  return { value: !keepMarker && allOnes ? -1 : value, length };
}

function readUint(buf: Uint8Array, start: number, end: number): number {
  let v = 0;
  for (let i = start; i < end; i++) v = v * 256 + (buf[i] ?? 0);
  return v;
}

/** Duration and frame size from the first bytes of a WebM file (its Info and Tracks come first). */
export function webmInfo(buf: Uint8Array): ContainerInfo {
  let scale = 1_000_000;
  let duration: number | null = null;
  let width: number | null = null;
  let height: number | null = null;
  const containers = new Set<number>([EBML.segment, EBML.info, EBML.tracks, EBML.trackEntry, EBML.video]);
  const walk = (start: number, end: number): boolean => {
    let pos = start;
    while (pos < end) {
      const id = readVint(buf, pos, true);
      if (!id) return false;
      const size = readVint(buf, pos + id.length, false);
      if (!size) return false;
      const body = pos + id.length + size.length;
      const bodyEnd = size.value < 0 ? end : Math.min(end, body + size.value);
      if (id.value === EBML.cluster) return false; // media data: headers are over
      if (containers.has(id.value)) {
        if (!walk(body, bodyEnd)) return false;
      } else if (id.value === EBML.timecodeScale) scale = readUint(buf, body, bodyEnd);
      else if (id.value === EBML.duration && bodyEnd <= buf.length) {
        const view = viewOf(buf);
        duration = size.value === 4 ? view.getFloat32(body) : size.value === 8 ? view.getFloat64(body) : null;
      } else if (id.value === EBML.pixelWidth) width = readUint(buf, body, bodyEnd);
      else if (id.value === EBML.pixelHeight) height = readUint(buf, body, bodyEnd);
      if (size.value < 0) return true;
      pos = body + size.value;
    }
    return true;
  };
  walk(0, buf.length);
  return {
    durationMs: duration !== null ? Math.round((duration * scale) / 1_000_000) : null,
    width,
    height,
  };
}

// ───────────────────────────── Ogg ─────────────────────────────

/** Sample rate and pre-skip from the first page (Vorbis or Opus identification header). */
function oggStreamParams(head: Uint8Array): { rate: number; preSkip: number } | null {
  if (ascii(head, 0, 4) !== "OggS" || head.length < 27) return null;
  const segments = head[26] ?? 0;
  const packet = 27 + segments;
  if (ascii(head, packet + 1, 6) === "vorbis" && head[packet] === 1) {
    return { rate: viewOf(head).getUint32(packet + 12, true), preSkip: 0 };
  }
  if (ascii(head, packet, 8) === "OpusHead") {
    return { rate: 48_000, preSkip: viewOf(head).getUint16(packet + 10, true) };
  }
  return null;
}

export async function oggInfo(read: RangeReader, size: number): Promise<ContainerInfo> {
  const params = oggStreamParams(await read(0, Math.min(size, 4096) - 1));
  if (!params?.rate) return NONE;
  const tailStart = Math.max(0, size - 65_536);
  const tail = await read(tailStart, size - 1);
  for (let i = tail.length - 27; i >= 0; i--) {
    if (tail[i] === 0x4f && ascii(tail, i, 4) === "OggS") {
      const granule = Number(viewOf(tail).getBigInt64(i + 6, true));
      if (granule < 0) continue;
      return {
        durationMs: Math.round(((granule - params.preSkip) / params.rate) * 1000),
        width: null,
        height: null,
      };
    }
  }
  return NONE;
}

// ───────────────────────────── MP3 ─────────────────────────────

const MP3_BITRATES_V1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const MP3_BITRATES_V2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const MP3_RATES: Record<number, number[]> = {
  3: [44100, 48000, 32000],
  2: [22050, 24000, 16000],
  0: [11025, 12000, 8000],
};

export async function mp3Info(read: RangeReader, size: number): Promise<ContainerInfo> {
  const head = await read(0, Math.min(size, 65_536) - 1);
  let start = 0;
  if (ascii(head, 0, 3) === "ID3" && head.length >= 10) {
    const tagSize =
      ((head[6]! & 0x7f) << 21) | ((head[7]! & 0x7f) << 14) | ((head[8]! & 0x7f) << 7) | (head[9]! & 0x7f);
    start = 10 + tagSize + ((head[5]! & 0x10) !== 0 ? 10 : 0);
  }
  const frame = start + 4 <= head.length ? head : await read(start, Math.min(size, start + 4096) - 1);
  const at = frame === head ? start : 0;
  const b1 = frame[at + 1];
  const b2 = frame[at + 2];
  const b3 = frame[at + 3];
  if (
    frame[at] !== 0xff ||
    b1 === undefined ||
    b2 === undefined ||
    b3 === undefined ||
    (b1 & 0xe0) !== 0xe0
  ) {
    return NONE;
  }
  const version = (b1 >> 3) & 0x03;
  const rate = MP3_RATES[version]?.[(b2 >> 2) & 0x03];
  const kbps = (version === 3 ? MP3_BITRATES_V1 : MP3_BITRATES_V2)[b2 >> 4];
  if (!rate || !kbps) return NONE;
  const samplesPerFrame = version === 3 ? 1152 : 576;
  const mono = b3 >> 6 === 3;
  const sideInfo = version === 3 ? (mono ? 17 : 32) : mono ? 9 : 17;
  const xing = at + 4 + sideInfo;
  const tag = ascii(frame, xing, 4);
  const view = viewOf(frame);
  if (
    (tag === "Xing" || tag === "Info") &&
    xing + 12 <= frame.length &&
    (view.getUint32(xing + 4) & 1) === 1
  ) {
    const frames = view.getUint32(xing + 8);
    return { durationMs: Math.round(((frames * samplesPerFrame) / rate) * 1000), width: null, height: null };
  }
  const vbri = at + 4 + 32;
  if (ascii(frame, vbri, 4) === "VBRI" && vbri + 18 <= frame.length) {
    const frames = view.getUint32(vbri + 14);
    return { durationMs: Math.round(((frames * samplesPerFrame) / rate) * 1000), width: null, height: null };
  }
  // Constant bit rate: the audio bytes over the bit rate.
  return { durationMs: Math.round(((size - start) * 8) / kbps), width: null, height: null };
}
