import type { SniffedFamily } from "@/lib/platform/media/file-types";

/** How many leading bytes `sniffFamily` needs to decide. */
export const SNIFF_BYTES = 4096;

const ascii = (buf: Uint8Array, offset: number, length: number): string =>
  buf.length >= offset + length ? String.fromCharCode(...buf.subarray(offset, offset + length)) : "";

const startsWith = (buf: Uint8Array, bytes: readonly number[], offset = 0): boolean =>
  buf.length >= offset + bytes.length && bytes.every((b, i) => buf[offset + i] === b);

/** Searches `needle` (ASCII) in the first `within` bytes. */
function contains(buf: Uint8Array, needle: string, within: number): boolean {
  const end = Math.min(buf.length, within) - needle.length;
  outer: for (let i = 0; i <= end; i++) {
    for (let j = 0; j < needle.length; j++) if (buf[i + j] !== needle.charCodeAt(j)) continue outer;
    return true;
  }
  return false;
}

/** An MPEG-1/2 Layer III frame header (not AAC's ADTS, which has layer bits 00). */
function isMp3Frame(buf: Uint8Array, offset = 0): boolean {
  const b0 = buf[offset];
  const b1 = buf[offset + 1];
  const b2 = buf[offset + 2];
  if (b0 !== 0xff || b1 === undefined || b2 === undefined) return false;
  const sync = (b1 & 0xe0) === 0xe0;
  const version = (b1 >> 3) & 0x03; // 01 is reserved
  const layer = (b1 >> 1) & 0x03; // 01 = Layer III
  const bitrate = b2 >> 4; // 1111 is invalid
  const sampleRate = (b2 >> 2) & 0x03; // 11 is reserved
  return sync && version !== 1 && layer === 1 && bitrate !== 0x0f && sampleRate !== 0x03;
}

/**
 * Where the audio after an ID3v2 tag starts: 10 header bytes, the tag's syncsafe size, and 10
 * more with a footer; null when `head` does not start with a well-formed ID3v2 header.
 */
export function id3TagEnd(head: Uint8Array): number | null {
  if (ascii(head, 0, 3) !== "ID3" || head.length < 10) return null;
  const size = head.subarray(6, 10);
  if (size.some((b) => b & 0x80)) return null;
  const bytes = (size[0]! << 21) | (size[1]! << 14) | (size[2]! << 7) | size[3]!;
  const footer = (head[5]! & 0x10) !== 0;
  return 10 + bytes + (footer ? 10 : 0);
}

/**
 * Whether what follows an ID3 tag is an MPEG audio frame (after any zero padding). An ID3 tag
 * can front anything: a playlist behind one once made ffmpeg fetch the addresses it listed.
 */
export function startsWithAudioFrame(bytes: Uint8Array): boolean {
  let i = 0;
  while (i < bytes.length && bytes[i] === 0) i++;
  return isMp3Frame(bytes, i);
}

/**
 * What a file really is, from its first bytes (magic numbers), among the families the
 * platform accepts; null for anything else (executables, archives, HTML, SVG …).
 * The browser's declared type is only a claim: this is what the server trusts.
 */
export function sniffFamily(head: Uint8Array): SniffedFamily | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  const six = ascii(head, 0, 6);
  if (six === "GIF87a" || six === "GIF89a") return "gif";
  if (ascii(head, 0, 4) === "RIFF") {
    const form = ascii(head, 8, 4);
    if (form === "WEBP") return "webp";
    if (form === "WAVE") return "wav";
    return null;
  }
  if (ascii(head, 0, 5) === "%PDF-") return "pdf";
  if (ascii(head, 4, 4) === "ftyp") {
    // QuickTime (.mov) shares the box format but is not MP4.
    return ascii(head, 8, 4) === "qt  " ? null : "isobmff";
  }
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) {
    // EBML: WebM and Matroska differ only by the DocType string in the header.
    return contains(head, "webm", 64) ? "webm" : null;
  }
  if (ascii(head, 0, 4) === "OggS") return "ogg";
  if (ascii(head, 0, 3) === "ID3") {
    // A tag longer than `head` is confirmed by the caller, which reads past it (complete-upload).
    const end = id3TagEnd(head);
    if (end === null) return null;
    return end + 4 > head.length || startsWithAudioFrame(head.subarray(end)) ? "mp3" : null;
  }
  if (isMp3Frame(head)) return "mp3";
  return null;
}
