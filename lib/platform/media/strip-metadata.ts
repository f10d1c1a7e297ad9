import { crc32 } from "node:zlib";

/**
 * The copy of a photo that fans download (issue #34, row 2): the original's pixels byte for
 * byte, without what a camera or phone wrote about who took it and where. No decoding and no
 * re-encoding: the file's structure is walked and its metadata blocks are left out, so the
 * compressed image data is copied unchanged (a re-encode would lose quality and change the file
 * the organiser published).
 *
 * Removed, in every format: EXIF in full (GPS position, dates, camera make, model and body
 * serial, lens serial, owner name, artist, copyright, user comment, maker notes, the embedded
 * thumbnail that carries its own EXIF), XMP (location, people and face regions, creator tools,
 * history), IPTC / Photoshop resources (creator, city, captions), comments and text fields,
 * C2PA / JUMBF manifests, and anything after the image (JPEG trailers such as Samsung's, which
 * hold locations, and the extra pictures of multi-picture files: depth maps, HDR gain maps).
 * The rule is an allow-list: a block not named below is dropped, so a new vendor block is
 * removed by default.
 *
 * Kept, so the photo looks the same: the orientation (rewritten as a minimal EXIF holding only
 * that tag, when it is not the default 1), the colour profile (ICC) and colour-space tags, and
 * every block the decoder needs (tables, frames, scans, transparency, animation, pixel density).
 *
 * Per format:
 * - JPEG: APP0 JFIF (its thumbnail dropped), APP2 `ICC_PROFILE`, APP14 `Adobe` (the colour
 *   transform decoders need), and the non-APP segments are kept; every other APPn (EXIF and XMP
 *   in APP1, MPF and FlashPix in APP2, IPTC in APP13, JUMBF in APP11 …) and COM are dropped;
 *   nothing after EOI is copied.
 * - PNG: the critical chunks and those that change how pixels look (`tRNS`, `cHRM`, `gAMA`,
 *   `iCCP`, `sBIT`, `sRGB`, `cICP`, `mDCV`, `cLLI`, `bKGD`, `hIST`, `pHYs`) and APNG's
 *   (`acTL`, `fcTL`, `fdAT`) are kept; `eXIf`, `tEXt`, `zTXt`, `iTXt` (XMP), `tIME` and any other
 *   chunk are dropped.
 * - WebP: `VP8X` (its EXIF and XMP flags updated), `ICCP`, `ANIM`, `ANMF`, `ALPH`, `VP8 `,
 *   `VP8L` are kept; `EXIF`, `XMP ` and any other chunk are dropped.
 * - GIF: images, graphic controls, plain-text blocks and the looping (`NETSCAPE2.0`,
 *   `ANIMEXTS1.0`) and colour-profile (`ICCRGBG1012`) application blocks are kept; comments and
 *   other application blocks (XMP, Photoshop, IPTC) are dropped.
 *
 * The walks are as forgiving as decoders: bytes between JPEG segments are skipped, a file cut
 * short is copied as far as it goes. Other types are returned unchanged.
 */
export interface StrippedImage {
  bytes: Buffer;
  /** False when there was nothing to remove (`bytes` is the input itself). */
  changed: boolean;
}

export function stripPersonalMetadata(input: Buffer, mimeType: string): StrippedImage {
  const strip = STRIPPERS[mimeType];
  if (!strip) return { bytes: input, changed: false };
  const bytes = strip(input);
  return bytes.equals(input) ? { bytes: input, changed: false } : { bytes, changed: true };
}

const STRIPPERS: Readonly<Record<string, (input: Buffer) => Buffer>> = {
  "image/jpeg": stripJpeg,
  "image/png": stripPng,
  "image/webp": stripWebp,
  "image/gif": stripGif,
};

// ───────────────────────────── EXIF orientation ─────────────────────────────

const EXIF_HEADER = Buffer.from("Exif\0\0", "latin1");
const ORIENTATION_TAG = 0x0112;
const TIFF_SHORT = 3;

/**
 * The Orientation of IFD0 in an EXIF block (a TIFF structure, with or without the `Exif\0\0`
 * header JPEG puts before it); null when absent, malformed or out of 1–8.
 */
export function exifOrientation(exif: Buffer): number | null {
  const tiff = exif.subarray(0, 6).equals(EXIF_HEADER) ? exif.subarray(6) : exif;
  if (tiff.length < 8) return null;
  const order = tiff.toString("latin1", 0, 2);
  if (order !== "II" && order !== "MM") return null;
  const le = order === "II";
  const u16 = (at: number) => (le ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (le ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  if (u16(2) !== 42) return null;
  const ifd = u32(4);
  if (ifd + 2 > tiff.length) return null;
  const entries = u16(ifd);
  for (let i = 0; i < entries; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > tiff.length) return null;
    if (u16(entry) !== ORIENTATION_TAG) continue;
    if (u16(entry + 2) !== TIFF_SHORT || u32(entry + 4) < 1) return null;
    const value = u16(entry + 8);
    return value >= 1 && value <= 8 ? value : null;
  }
  return null;
}

/** A TIFF structure (no `Exif\0\0` header) whose IFD0 holds only the Orientation. */
export function orientationOnlyExif(orientation: number): Buffer {
  const tiff = Buffer.alloc(26);
  tiff.write("MM", 0, "latin1");
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(8, 4); // IFD0 right after the header
  tiff.writeUInt16BE(1, 8); // one entry
  tiff.writeUInt16BE(ORIENTATION_TAG, 10);
  tiff.writeUInt16BE(TIFF_SHORT, 12);
  tiff.writeUInt32BE(1, 14);
  tiff.writeUInt16BE(orientation, 18); // a SHORT sits left-aligned in the 4-byte value field
  tiff.writeUInt32BE(0, 22); // no IFD1 (no thumbnail)
  return tiff;
}

/** The orientation worth writing back: 1 (as stored) needs no tag. */
const turned = (orientation: number | null): orientation is number =>
  orientation !== null && orientation !== 1;

// ─────────────────────────────────── JPEG ───────────────────────────────────

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const APP0 = 0xe0;
const APP1 = 0xe1;
const APP2 = 0xe2;
const APP14 = 0xee;
const APP15 = 0xef;
const COM = 0xfe;
/** JFIF's fixed fields (identifier, version, units, densities, thumbnail size): its thumbnail follows. */
const JFIF_FIELDS = 14;

const startsWith = (payload: Buffer, text: string) =>
  payload.length >= text.length && payload.toString("latin1", 0, text.length) === text;

const isRst = (code: number) => code >= 0xd0 && code <= 0xd7;

function jpegSegment(code: number, payload: Buffer): Buffer {
  const head = Buffer.from([0xff, code, 0, 0]);
  head.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([head, payload]);
}

/** Where a scan's entropy-coded data ends: the next marker that is not a restart or a stuffed byte. */
function scanEnd(input: Buffer, from: number): number {
  let at = from;
  for (;;) {
    at = input.indexOf(0xff, at);
    if (at < 0 || at + 1 >= input.length) return input.length;
    const next = input[at + 1]!;
    if (next === 0x00 || isRst(next)) at += 2;
    else if (next === 0xff)
      at += 1; // fill byte before a marker
    else return at;
  }
}

function stripJpeg(input: Buffer): Buffer {
  if (input.length < 4 || input[0] !== 0xff || input[1] !== SOI) return input;
  let jfif: Buffer | null = null;
  let orientation: number | null = null;
  const kept: Buffer[] = [];
  let at = 2;
  while (at < input.length) {
    if (input[at] !== 0xff) {
      // Not a marker: decoders skip such bytes to the next one, and so do we (they are not copied).
      at = input.indexOf(0xff, at);
      if (at < 0) break;
      continue;
    }
    let codeAt = at + 1;
    while (codeAt < input.length && input[codeAt] === 0xff) codeAt++;
    const code = input[codeAt];
    if (code === undefined) break;
    if (code === EOI) {
      kept.push(Buffer.from([0xff, EOI]));
      break; // nothing after the image: trailers, a multi-picture file's other pictures
    }
    if (code === 0x00 || code === 0x01 || code === SOI || isRst(code)) {
      at = codeAt + 1; // stray standalone markers outside a scan carry nothing
      continue;
    }
    if (codeAt + 3 > input.length) break;
    const end = codeAt + 1 + input.readUInt16BE(codeAt + 1);
    if (end < codeAt + 3 || end > input.length) break; // a header cut short: no decoder reads past it
    const payload = input.subarray(codeAt + 3, end);
    if (code === SOS) {
      const scan = scanEnd(input, end);
      kept.push(jpegSegment(code, payload), input.subarray(end, scan));
      at = scan;
      continue;
    }
    at = end;
    if (code === APP0) {
      if (startsWith(payload, "JFIF\0") && payload.length >= JFIF_FIELDS && !jfif) {
        // The JFIF header without its thumbnail (width and height 0).
        const fields = Buffer.from(payload.subarray(0, JFIF_FIELDS));
        fields[12] = 0;
        fields[13] = 0;
        jfif = jpegSegment(APP0, fields);
      }
    } else if (code === APP1) {
      if (startsWith(payload, "Exif\0")) orientation ??= exifOrientation(payload);
    } else if (code === APP2) {
      if (startsWith(payload, "ICC_PROFILE\0")) kept.push(jpegSegment(code, payload));
    } else if (code === APP14) {
      if (startsWith(payload, "Adobe")) kept.push(jpegSegment(code, payload));
    } else if (!(code > APP0 && code <= APP15) && code !== COM) {
      kept.push(jpegSegment(code, payload));
    }
  }
  const exif = turned(orientation)
    ? [jpegSegment(APP1, Buffer.concat([EXIF_HEADER, orientationOnlyExif(orientation)]))]
    : [];
  return Buffer.concat([Buffer.from([0xff, SOI]), ...(jfif ? [jfif] : []), ...exif, ...kept]);
}

// ─────────────────────────────────── PNG ────────────────────────────────────

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PNG_KEPT = new Set([
  "IHDR",
  "PLTE",
  "IDAT",
  "IEND",
  "tRNS",
  "cHRM",
  "gAMA",
  "iCCP",
  "sBIT",
  "sRGB",
  "cICP",
  "mDCV",
  "cLLI",
  "mDCv",
  "cLLi",
  "bKGD",
  "hIST",
  "pHYs",
  "acTL",
  "fcTL",
  "fdAT",
]);

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "latin1");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(data, crc32(head.subarray(4))), 0);
  return Buffer.concat([head, data, crc]);
}

function stripPng(input: Buffer): Buffer {
  if (!input.subarray(0, 8).equals(PNG_SIGNATURE)) return input;
  const kept: Buffer[] = [];
  let orientation: number | null = null;
  let firstData = -1;
  let at = 8;
  while (at + 8 <= input.length) {
    const length = input.readUInt32BE(at);
    const type = input.toString("latin1", at + 4, at + 8);
    const end = at + 12 + length;
    if (end > input.length) {
      // Cut short: image data is copied as far as it goes (a decoder shows that much), the rest dropped.
      if (type === "IDAT" || type === "fdAT") kept.push(input.subarray(at));
      break;
    }
    if (type === "eXIf") orientation ??= exifOrientation(input.subarray(at + 8, end - 4));
    else if (PNG_KEPT.has(type)) {
      if (firstData < 0 && (type === "IDAT" || type === "fdAT")) firstData = kept.length;
      kept.push(input.subarray(at, end));
    }
    at = end;
    if (type === "IEND") break;
  }
  // eXIf must come before the image data.
  if (turned(orientation)) {
    kept.splice(
      firstData < 0 ? kept.length : firstData,
      0,
      pngChunk("eXIf", orientationOnlyExif(orientation)),
    );
  }
  return Buffer.concat([PNG_SIGNATURE, ...kept]);
}

// ─────────────────────────────────── WebP ───────────────────────────────────

const WEBP_KEPT = new Set(["VP8X", "ICCP", "ANIM", "ANMF", "ALPH", "VP8 ", "VP8L"]);
const VP8X_EXIF = 0x08;
const VP8X_XMP = 0x04;

function riffChunk(fourcc: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.write(fourcc, 0, "latin1");
  head.writeUInt32LE(data.length, 4);
  return Buffer.concat([head, data, data.length % 2 ? Buffer.alloc(1) : Buffer.alloc(0)]);
}

function stripWebp(input: Buffer): Buffer {
  if (
    input.length < 12 ||
    input.toString("latin1", 0, 4) !== "RIFF" ||
    input.toString("latin1", 8, 12) !== "WEBP"
  )
    return input;
  const kept: Buffer[] = [];
  let vp8x: Buffer | null = null;
  let orientation: number | null = null;
  let at = 12;
  while (at + 8 <= input.length) {
    const fourcc = input.toString("latin1", at, at + 4);
    const size = input.readUInt32LE(at + 4);
    const dataEnd = at + 8 + size;
    if (dataEnd > input.length) {
      if (fourcc === "VP8 " || fourcc === "VP8L" || fourcc === "ANMF") kept.push(input.subarray(at));
      break;
    }
    const data = input.subarray(at + 8, dataEnd);
    if (fourcc === "EXIF") orientation ??= exifOrientation(data);
    else if (fourcc === "VP8X" && !vp8x && size >= 10) {
      vp8x = Buffer.from(data);
      kept.push(vp8x); // its flags are settled below, once it is known whether EXIF is written back
    } else if (WEBP_KEPT.has(fourcc) && fourcc !== "VP8X") kept.push(riffChunk(fourcc, data));
    at = dataEnd + (size % 2);
  }
  const exif = vp8x && turned(orientation) ? [riffChunk("EXIF", orientationOnlyExif(orientation))] : [];
  const chunks = kept.map((chunk) => {
    if (chunk !== vp8x) return chunk;
    const flags = Buffer.from(chunk);
    flags[0] = (flags[0]! & ~(VP8X_EXIF | VP8X_XMP)) | (exif.length > 0 ? VP8X_EXIF : 0);
    return riffChunk("VP8X", flags);
  });
  const body = Buffer.concat([Buffer.from("WEBP", "latin1"), ...chunks, ...exif]);
  const head = Buffer.alloc(8);
  head.write("RIFF", 0, "latin1");
  head.writeUInt32LE(body.length, 4);
  return Buffer.concat([head, body]);
}

// ─────────────────────────────────── GIF ────────────────────────────────────

const GIF_EXTENSION = 0x21;
const GIF_IMAGE = 0x2c;
const GIF_TRAILER = 0x3b;
const GIF_GRAPHIC_CONTROL = 0xf9;
const GIF_PLAIN_TEXT = 0x01;
const GIF_APPLICATION = 0xff;
const GIF_KEPT_APPLICATIONS = new Set(["NETSCAPE2.0", "ANIMEXTS1.0", "ICCRGBG1012"]);

/** Where a run of data sub-blocks starting at `from` ends (after its 0 terminator); -1 when cut short. */
function subBlocksEnd(input: Buffer, from: number): number {
  let at = from;
  while (at < input.length) {
    const size = input[at]!;
    at += 1 + size;
    if (size === 0) return at;
  }
  return -1;
}

const colourTableBytes = (packed: number) => (packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0);

function stripGif(input: Buffer): Buffer {
  if (input.length < 13 || !startsWith(input, "GIF8")) return input;
  const headerEnd = 13 + colourTableBytes(input[10]!);
  if (headerEnd > input.length) return input;
  const kept: Buffer[] = [input.subarray(0, headerEnd)];
  let at = headerEnd;
  while (at < input.length) {
    const block = input[at];
    if (block === GIF_EXTENSION && at + 1 < input.length) {
      const label = input[at + 1]!;
      const end = subBlocksEnd(input, at + 2);
      if (end < 0) break;
      const application =
        label === GIF_APPLICATION && input[at + 2] === 11 ? input.toString("latin1", at + 3, at + 14) : null;
      if (
        label === GIF_GRAPHIC_CONTROL ||
        label === GIF_PLAIN_TEXT ||
        (application !== null && GIF_KEPT_APPLICATIONS.has(application))
      ) {
        kept.push(input.subarray(at, end));
      }
      at = end;
    } else if (block === GIF_IMAGE && at + 10 < input.length) {
      const dataStart = at + 10 + colourTableBytes(input[at + 9]!) + 1; // + LZW minimum code size
      const end = dataStart <= input.length ? subBlocksEnd(input, dataStart) : -1;
      // A frame cut short is copied as far as it goes (a decoder shows that much).
      kept.push(input.subarray(at, end < 0 ? input.length : end));
      if (end < 0) break;
      at = end;
    } else {
      break; // the trailer, or bytes that are no block: nothing after them is copied
    }
  }
  return Buffer.concat([...kept, Buffer.from([GIF_TRAILER])]);
}
