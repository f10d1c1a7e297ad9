/**
 * WAV reading and waveform peaks, in plain TypeScript so the server needs no audio
 * library to draw a player's waveform. Compressed formats (MP3, AAC) need a decoder
 * such as ffmpeg first; this module only reads RIFF/WAVE.
 */

export interface WavInfo {
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  /** Integer PCM or IEEE float samples. */
  encoding: "pcm" | "float";
  frameCount: number;
  durationMs: number;
  /** Byte range of the sample data inside the file. */
  dataOffset: number;
  dataLength: number;
}

const WAVE_FORMAT_PCM = 1;
const WAVE_FORMAT_IEEE_FLOAT = 3;
const WAVE_FORMAT_EXTENSIBLE = 0xfffe;

function ascii(buf: Uint8Array, offset: number, length: number): string {
  return String.fromCharCode(...buf.subarray(offset, offset + length));
}

/** Reads a WAV header; throws on anything that is not uncompressed RIFF/WAVE audio. */
export function parseWav(buf: Uint8Array): WavInfo {
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  if (buf.length < 12 || ascii(buf, 0, 4) !== "RIFF" || ascii(buf, 8, 4) !== "WAVE") {
    throw new Error("Not a RIFF/WAVE file");
  }
  let fmt: Omit<WavInfo, "frameCount" | "durationMs" | "dataOffset" | "dataLength"> | undefined;
  let offset = 12;
  while (offset + 8 <= buf.length) {
    const id = ascii(buf, offset, 4);
    const size = view.getUint32(offset + 4, true);
    const body = offset + 8;
    if (id === "fmt ") {
      let format = view.getUint16(body, true);
      // WAVE_FORMAT_EXTENSIBLE carries the real format in the first two bytes of its GUID.
      if (format === WAVE_FORMAT_EXTENSIBLE && size >= 26) format = view.getUint16(body + 24, true);
      if (format !== WAVE_FORMAT_PCM && format !== WAVE_FORMAT_IEEE_FLOAT) {
        throw new Error(`Unsupported WAV encoding ${format}`);
      }
      fmt = {
        encoding: format === WAVE_FORMAT_PCM ? "pcm" : "float",
        channels: view.getUint16(body + 2, true),
        sampleRate: view.getUint32(body + 4, true),
        bitsPerSample: view.getUint16(body + 14, true),
      };
    } else if (id === "data") {
      if (!fmt) throw new Error("WAV data chunk before fmt chunk");
      const blockAlign = (fmt.bitsPerSample / 8) * fmt.channels;
      if (!blockAlign || !fmt.sampleRate) throw new Error("Invalid WAV format chunk");
      // Streams written before their length was known may claim more than the file holds.
      const dataLength = Math.min(size, buf.length - body);
      const frameCount = Math.floor(dataLength / blockAlign);
      return {
        ...fmt,
        frameCount,
        durationMs: Math.round((frameCount / fmt.sampleRate) * 1000),
        dataOffset: body,
        dataLength,
      };
    }
    offset = body + size + (size % 2); // chunks are padded to even sizes
  }
  throw new Error("WAV file has no data chunk");
}

/** Sample reader for one encoding, returning -1..1. */
function sampleReader(view: DataView, info: WavInfo): (byteOffset: number) => number {
  if (info.encoding === "float") {
    if (info.bitsPerSample === 32) return (o) => view.getFloat32(o, true);
    if (info.bitsPerSample === 64) return (o) => view.getFloat64(o, true);
  } else {
    switch (info.bitsPerSample) {
      case 8:
        return (o) => (view.getUint8(o) - 128) / 128; // 8-bit WAV is unsigned
      case 16:
        return (o) => view.getInt16(o, true) / 32768;
      case 24:
        return (o) => {
          const v = view.getUint8(o) | (view.getUint8(o + 1) << 8) | (view.getInt8(o + 2) << 16);
          return v / 8388608;
        };
      case 32:
        return (o) => view.getInt32(o, true) / 2147483648;
    }
  }
  throw new Error(`Unsupported WAV sample size ${info.bitsPerSample} (${info.encoding})`);
}

/**
 * Waveform peaks for a player: the loudest sample of each of `buckets` equal slices,
 * scaled so the loudest slice is 1 (quiet recordings still draw a readable shape) and
 * rounded to 3 decimals to keep the JSON small. Accepts a WAV file or mono samples in -1..1.
 */
export function audioPeaks(input: Uint8Array | Float32Array, buckets = 100): number[] {
  if (!Number.isInteger(buckets) || buckets < 1) throw new Error("buckets must be a positive integer");
  const raw = new Array<number>(buckets).fill(0);

  if (input instanceof Float32Array) {
    const n = input.length;
    for (let i = 0; i < n; i++) {
      const b = Math.min(buckets - 1, Math.floor((i * buckets) / n));
      const v = Math.abs(input[i] ?? 0);
      if (v > (raw[b] ?? 0)) raw[b] = v;
    }
  } else {
    const info = parseWav(input);
    const view = new DataView(input.buffer, input.byteOffset, input.byteLength);
    const read = sampleReader(view, info);
    const bytesPerSample = info.bitsPerSample / 8;
    const blockAlign = bytesPerSample * info.channels;
    for (let frame = 0; frame < info.frameCount; frame++) {
      const b = Math.min(buckets - 1, Math.floor((frame * buckets) / info.frameCount));
      const base = info.dataOffset + frame * blockAlign;
      for (let ch = 0; ch < info.channels; ch++) {
        const v = Math.abs(read(base + ch * bytesPerSample));
        if (v > (raw[b] ?? 0)) raw[b] = v;
      }
    }
  }

  const max = Math.max(...raw);
  if (max === 0) return raw;
  return raw.map((v) => Math.round(Math.min(1, v / max) * 1000) / 1000);
}

// ───────────────────────────── streaming (large files) ─────────────────────────────

/**
 * Reads a WAV header from the first bytes of a file of `totalSize` bytes, for files too large
 * to load whole: the data chunk's length is taken from the header (bounded by the file size),
 * not from how many bytes `head` holds. A streamed file whose header left the length at 0 or
 * 0xFFFFFFFF is read to its end.
 */
export function parseWavHead(head: Uint8Array, totalSize: number): WavInfo {
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  let offset = 12;
  // Find the data chunk's declared size before parseWav clips it to the bytes at hand.
  while (offset + 8 <= head.length) {
    const id = ascii(head, offset, 4);
    const size = view.getUint32(offset + 4, true);
    if (id === "data") {
      const info = parseWav(head);
      const body = offset + 8;
      const declared = size === 0 || size === 0xffffffff ? totalSize - body : size;
      const dataLength = Math.max(0, Math.min(declared, totalSize - body));
      const blockAlign = (info.bitsPerSample / 8) * info.channels;
      const frameCount = Math.floor(dataLength / blockAlign);
      return {
        ...info,
        dataLength,
        frameCount,
        durationMs: Math.round((frameCount / info.sampleRate) * 1000),
      };
    }
    offset = offset + 8 + size + (size % 2);
  }
  return parseWav(head); // throws the precise reason
}

/** Rounds and scales raw per-bucket maxima exactly as `audioPeaks` does. */
function normalisePeaks(raw: number[]): number[] {
  const max = Math.max(0, ...raw);
  if (max === 0) return raw.map(() => 0);
  return raw.map((v) => Math.round(Math.min(1, v / max) * 1000) / 1000);
}

/**
 * `audioPeaks` for a WAV arriving in chunks: feed it the bytes of the data chunk in order
 * (any chunk sizes) and read the same peaks `audioPeaks` gives for the whole file.
 */
export class WavPeakAccumulator {
  private readonly raw: number[];
  private readonly blockAlign: number;
  private readonly bytesPerSample: number;
  private carry = new Uint8Array(0);
  private frame = 0;

  constructor(
    private readonly info: WavInfo,
    private readonly buckets = 100,
  ) {
    if (!Number.isInteger(buckets) || buckets < 1) throw new Error("buckets must be a positive integer");
    this.raw = new Array<number>(buckets).fill(0);
    this.bytesPerSample = info.bitsPerSample / 8;
    this.blockAlign = this.bytesPerSample * info.channels;
    // Validates the encoding up front.
    sampleReader(new DataView(new ArrayBuffer(8)), info);
  }

  push(chunk: Uint8Array): void {
    let bytes = chunk;
    if (this.carry.length > 0) {
      bytes = new Uint8Array(this.carry.length + chunk.length);
      bytes.set(this.carry);
      bytes.set(chunk, this.carry.length);
    }
    const frames = Math.floor(bytes.length / this.blockAlign);
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const read = sampleReader(view, this.info);
    const total = this.info.frameCount;
    for (let f = 0; f < frames && this.frame < total; f++, this.frame++) {
      const b = Math.min(this.buckets - 1, Math.floor((this.frame * this.buckets) / total));
      const base = f * this.blockAlign;
      for (let ch = 0; ch < this.info.channels; ch++) {
        const v = Math.abs(read(base + ch * this.bytesPerSample));
        if (v > (this.raw[b] ?? 0)) this.raw[b] = v;
      }
    }
    this.carry = bytes.slice(frames * this.blockAlign);
  }

  peaks(): number[] {
    return normalisePeaks(this.raw);
  }
}

/**
 * Peaks of decoded mono samples whose count is unknown in advance (a decoder's output
 * stream): keeps the maximum of each block of `blockSize` samples, then folds the blocks
 * into `buckets` at the end. Memory stays small (an hour at 8 kHz is ~110k blocks).
 */
export class StreamPeakCollector {
  private readonly blocks: number[] = [];
  private current = 0;
  private inBlock = 0;
  private carry = new Uint8Array(0);
  samples = 0;

  constructor(private readonly blockSize = 256) {}

  /** Little-endian 32-bit float samples, in chunks of any size. */
  pushFloat32LE(chunk: Uint8Array): void {
    let bytes = chunk;
    if (this.carry.length > 0) {
      bytes = new Uint8Array(this.carry.length + chunk.length);
      bytes.set(this.carry);
      bytes.set(chunk, this.carry.length);
    }
    const count = Math.floor(bytes.length / 4);
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    for (let i = 0; i < count; i++) {
      const v = Math.abs(view.getFloat32(i * 4, true));
      if (Number.isFinite(v) && v > this.current) this.current = v;
      if (++this.inBlock === this.blockSize) this.flush();
    }
    this.samples += count;
    this.carry = bytes.slice(count * 4);
  }

  private flush(): void {
    this.blocks.push(this.current);
    this.current = 0;
    this.inBlock = 0;
  }

  peaks(buckets = 100): number[] {
    if (this.inBlock > 0) this.flush();
    const raw = new Array<number>(buckets).fill(0);
    const n = this.blocks.length;
    for (let i = 0; i < n; i++) {
      const b = Math.min(buckets - 1, Math.floor((i * buckets) / n));
      if ((this.blocks[i] ?? 0) > (raw[b] ?? 0)) raw[b] = this.blocks[i] ?? 0;
    }
    return normalisePeaks(raw);
  }
}
