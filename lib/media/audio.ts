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
