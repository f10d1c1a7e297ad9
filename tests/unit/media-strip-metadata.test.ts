import { crc32 } from "node:zlib";
import sharp, { type Sharp } from "sharp";
import { describe, expect, it } from "vitest";
import { exifOrientation, stripPersonalMetadata } from "@/lib/platform/media/strip-metadata";

/**
 * The fans' copy of a photo (issue #34, row 2): personal metadata out, orientation and colour
 * profile kept, the compressed pixels untouched. Files are made with sharp (EXIF with GPS, XMP,
 * ICC) and then given by hand what sharp cannot write (comments, IPTC, trailers, thumbnails);
 * the checks read the structure with their own small walkers, not the code under test.
 */

const SECRETS = [
  "Jane Doe",
  "Canon",
  "SN-12345",
  "Lisboa",
  "secret-comment",
  "secret-iptc",
  "secret-trailer",
];
const XMP = `<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/" photoshop:City="Lisboa"/></rdf:RDF></x:xmpmeta><?xpacket end="w"?>`;
const EXIF = {
  IFD0: { Make: "Canon", Artist: "Jane Doe" },
  IFD2: { BodySerialNumber: "SN-12345" },
  IFD3: {
    GPSLatitudeRef: "N",
    GPSLatitude: "38/1 42/1 0/1",
    GPSLongitudeRef: "W",
    GPSLongitude: "9/1 8/1 0/1",
  },
};

/** A 48×32 picture with detail (a flat one would hide a re-encode). */
async function picture(): Promise<Sharp> {
  const width = 48;
  const height = 32;
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 37 + (i >> 5) * 11) % 256;
  return sharp(raw, { raw: { width, height, channels: 3 } });
}

const withEverything = (image: Sharp) =>
  image.withIccProfile("p3").withExif(EXIF).withMetadata({ orientation: 6 }).withXmp(XMP);

const leaks = (bytes: Buffer) => SECRETS.filter((s) => bytes.includes(s, 0, "latin1"));

/** Decoded pixels, not rotated, not colour-converted beyond what both files share. */
const pixels = async (bytes: Buffer, animated = false) =>
  sharp(bytes, { animated, autoOrient: false }).raw().toBuffer();

// ─────────────────────────────── JPEG ───────────────────────────────

interface Segment {
  code: number;
  payload: Buffer;
}

/** Header segments up to the first SOS, and everything from that SOS on. */
function jpegParts(bytes: Buffer): { segments: Segment[]; image: Buffer } {
  const segments: Segment[] = [];
  let at = 2;
  while (at < bytes.length) {
    const code = bytes[at + 1]!;
    if (code === 0xda) return { segments, image: bytes.subarray(at) };
    const length = bytes.readUInt16BE(at + 2);
    segments.push({ code, payload: bytes.subarray(at + 4, at + 2 + length) });
    at += 2 + length;
  }
  return { segments, image: Buffer.alloc(0) };
}

const segment = (code: number, payload: Buffer) => {
  const head = Buffer.from([0xff, code, 0, 0]);
  head.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([head, payload]);
};

/** Puts `extra` segments right after SOI and `trailer` after EOI. */
const injectJpeg = (jpeg: Buffer, extra: Buffer[], trailer = Buffer.alloc(0)) =>
  Buffer.concat([jpeg.subarray(0, 2), ...extra, jpeg.subarray(2), trailer]);

const jfifWithThumbnail = () => {
  const fields = Buffer.from([0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 1, 0, 72, 0, 72, 2, 1]);
  return segment(0xe0, Buffer.concat([fields, Buffer.from("Jane Doe", "latin1")])); // a 2×1 thumbnail
};

describe("JPEG", () => {
  it("drops EXIF (GPS, owner, serial), XMP, IPTC, comments, thumbnails and trailers; keeps orientation, ICC and the scan bytes", async () => {
    const made = await withEverything(await picture())
      .jpeg({ quality: 90 })
      .toBuffer();
    const original = injectJpeg(
      made,
      [
        jfifWithThumbnail(),
        segment(0xfe, Buffer.from("secret-comment", "latin1")),
        segment(0xed, Buffer.from("Photoshop 3.0\0secret-iptc", "latin1")),
        segment(0xe2, Buffer.from("MPF\0secret-trailer", "latin1")),
      ],
      Buffer.from("SEFHsecret-trailer", "latin1"),
    );
    expect(leaks(original)).toEqual(SECRETS);

    const { bytes, changed } = stripPersonalMetadata(original, "image/jpeg");
    expect(changed).toBe(true);
    expect(leaks(bytes)).toEqual([]);

    const before = jpegParts(original);
    const after = jpegParts(bytes);
    // The compressed image data, from the first scan to EOI, is the original's byte for byte.
    const end = before.image.lastIndexOf(Buffer.from([0xff, 0xd9])) + 2;
    expect(after.image.equals(before.image.subarray(0, end))).toBe(true);

    const app = (code: number) => after.segments.filter((s) => s.code === code);
    expect(app(0xe0).map((s) => s.payload.length)).toEqual([14]); // JFIF without its thumbnail
    expect(app(0xe1)).toHaveLength(1);
    expect(app(0xe1)[0]!.payload.toString("latin1", 0, 6)).toBe("Exif\0\0");
    expect(exifOrientation(app(0xe1)[0]!.payload)).toBe(6);
    // IFD0 holds one entry (the orientation) and no IFD1 (no thumbnail).
    expect(app(0xe1)[0]!.payload.readUInt16BE(6 + 8)).toBe(1);
    expect(app(0xe2).every((s) => s.payload.toString("latin1", 0, 12) === "ICC_PROFILE\0")).toBe(true);
    expect(after.segments.some((s) => s.code === 0xfe || s.code === 0xed)).toBe(false);
    // The tables the decoder needs are all still there, in order.
    const tables = (parts: Segment[]) =>
      parts.filter((s) => s.code < 0xe0 || s.code > 0xef).filter((s) => s.code !== 0xfe);
    expect(tables(after.segments)).toEqual(tables(before.segments));

    const [was, is] = [await sharp(original).metadata(), await sharp(bytes).metadata()];
    expect(is.orientation).toBe(6);
    expect(is.icc?.equals(was.icc!)).toBe(true);
    expect(is.xmp).toBeUndefined();
    expect(is.comments ?? []).toEqual([]);
    expect((await pixels(bytes)).equals(await pixels(original))).toBe(true);
  });

  it("writes no EXIF for the default orientation, and leaves a file with nothing to remove as it is", async () => {
    const upright = await (await picture()).jpeg().withExif(EXIF).toBuffer();
    const stripped = stripPersonalMetadata(upright, "image/jpeg").bytes;
    expect(jpegParts(stripped).segments.some((s) => s.code === 0xe1)).toBe(false);
    expect(leaks(stripped)).toEqual([]);

    const clean = await (await picture()).jpeg().toBuffer();
    const result = stripPersonalMetadata(clean, "image/jpeg");
    expect(result.changed).toBe(false);
    expect(result.bytes).toBe(clean);
  });

  it("walks progressive scans, dropping a comment between them", async () => {
    const made = await withEverything(await picture())
      .jpeg({ progressive: true })
      .toBuffer();
    const sos = made.indexOf(Buffer.from([0xff, 0xda]));
    const second = made.indexOf(Buffer.from([0xff, 0xda]), sos + 2);
    expect(second).toBeGreaterThan(sos); // more than one scan
    // The comment right before the second scan's header: after the first scan's data.
    const original = Buffer.concat([
      made.subarray(0, second),
      segment(0xfe, Buffer.from("secret-comment", "latin1")),
      made.subarray(second),
    ]);
    const { bytes } = stripPersonalMetadata(original, "image/jpeg");
    expect(leaks(bytes)).toEqual([]);
    expect((await pixels(bytes)).equals(await pixels(original))).toBe(true);
  });

  it("copies a file cut short as far as it goes, without its metadata", async () => {
    const made = await withEverything(await picture())
      .jpeg()
      .toBuffer();
    const cut = made.subarray(0, made.length - 40);
    const { bytes } = stripPersonalMetadata(cut, "image/jpeg");
    expect(leaks(bytes)).toEqual([]);
    expect(bytes.subarray(0, 2).equals(Buffer.from([0xff, 0xd8]))).toBe(true);
  });
});

// ─────────────────────────────── PNG ────────────────────────────────

interface Chunk {
  type: string;
  data: Buffer;
  crcOk: boolean;
}

function pngChunks(bytes: Buffer): { chunks: Chunk[]; after: number } {
  const chunks: Chunk[] = [];
  let at = 8;
  while (at + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString("latin1", at + 4, at + 8);
    const data = bytes.subarray(at + 8, at + 8 + length);
    const crcOk = bytes.readUInt32BE(at + 8 + length) === crc32(data, crc32(Buffer.from(type, "latin1")));
    chunks.push({ type, data, crcOk });
    at += 12 + length;
    if (type === "IEND") break;
  }
  return { chunks, after: bytes.length - at };
}

const pngChunk = (type: string, data: Buffer) => {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length);
  head.write(type, 4, "latin1");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(data, crc32(Buffer.from(type, "latin1"))));
  return Buffer.concat([head, data, crc]);
};

describe("PNG", () => {
  it("drops eXIf, text chunks (XMP), tIME and private chunks; keeps orientation, iCCP and the image data", async () => {
    const made = await withEverything(await picture())
      .png()
      .toBuffer();
    const ihdrEnd = 8 + 25;
    const iend = made.length - 12;
    const original = Buffer.concat([
      made.subarray(0, ihdrEnd),
      pngChunk("tEXt", Buffer.from("Author\0Jane Doe", "latin1")),
      pngChunk("zTXt", Buffer.from("Comment\0\0secret-comment", "latin1")),
      pngChunk("tIME", Buffer.from([7, 234, 11, 28, 1, 2, 3])),
      made.subarray(ihdrEnd, iend),
      pngChunk("caBX", Buffer.from("secret-trailer", "latin1")),
      made.subarray(iend),
      Buffer.from("secret-trailer", "latin1"),
    ]);
    const { bytes, changed } = stripPersonalMetadata(original, "image/png");
    expect(changed).toBe(true);
    expect(leaks(bytes)).toEqual([]);

    const { chunks, after } = pngChunks(bytes);
    expect(after).toBe(0);
    expect(chunks.every((c) => c.crcOk)).toBe(true);
    const types = chunks.map((c) => c.type);
    for (const gone of ["tEXt", "zTXt", "iTXt", "tIME", "caBX"]) expect(types).not.toContain(gone);
    expect(types).toContain("iCCP");
    // eXIf (orientation only) before the image data, as the format requires.
    expect(types.indexOf("eXIf")).toBeGreaterThan(0);
    expect(types.indexOf("eXIf")).toBeLessThan(types.indexOf("IDAT"));
    expect(exifOrientation(chunks.find((c) => c.type === "eXIf")!.data)).toBe(6);
    const idat = (list: Chunk[]) => Buffer.concat(list.filter((c) => c.type === "IDAT").map((c) => c.data));
    expect(idat(chunks).equals(idat(pngChunks(original).chunks))).toBe(true);

    const [was, is] = [await sharp(original).metadata(), await sharp(bytes).metadata()];
    expect(is.orientation).toBe(6);
    expect(is.icc?.equals(was.icc!)).toBe(true);
    expect(is.xmp).toBeUndefined();
    expect((await pixels(bytes)).equals(await pixels(original))).toBe(true);
  });

  it("leaves a PNG with nothing to remove as it is", async () => {
    const clean = await (await picture()).png().toBuffer();
    expect(stripPersonalMetadata(clean, "image/png")).toEqual({ bytes: clean, changed: false });
  });
});

// ─────────────────────────────── WebP ───────────────────────────────

function webpChunks(bytes: Buffer): { fourcc: string; data: Buffer }[] {
  const chunks: { fourcc: string; data: Buffer }[] = [];
  let at = 12;
  while (at + 8 <= bytes.length) {
    const size = bytes.readUInt32LE(at + 4);
    chunks.push({
      fourcc: bytes.toString("latin1", at, at + 4),
      data: bytes.subarray(at + 8, at + 8 + size),
    });
    at += 8 + size + (size % 2);
  }
  return chunks;
}

describe("WebP", () => {
  it("drops EXIF and XMP (flags updated); keeps orientation, ICCP and the image data", async () => {
    const original = await withEverything(await picture())
      .webp({ quality: 80 })
      .toBuffer();
    expect(leaks(original)).toEqual(SECRETS.filter((s) => !s.startsWith("secret")));
    const { bytes, changed } = stripPersonalMetadata(original, "image/webp");
    expect(changed).toBe(true);
    expect(leaks(bytes)).toEqual([]);
    expect(bytes.readUInt32LE(4)).toBe(bytes.length - 8);

    const chunks = webpChunks(bytes);
    expect(chunks.map((c) => c.fourcc)).toEqual(["VP8X", "ICCP", "VP8 ", "EXIF"]);
    const flags = chunks[0]!.data[0]!;
    expect(flags & 0x04).toBe(0); // no XMP
    expect(flags & 0x08).toBe(0x08); // the orientation's EXIF
    expect(flags & 0x20).toBe(0x20); // ICC
    expect(exifOrientation(chunks[3]!.data)).toBe(6);
    const vp8 = (list: { fourcc: string; data: Buffer }[]) => list.find((c) => c.fourcc === "VP8 ")!.data;
    expect(vp8(chunks).equals(vp8(webpChunks(original)))).toBe(true);

    const [was, is] = [await sharp(original).metadata(), await sharp(bytes).metadata()];
    expect(is.orientation).toBe(6);
    expect(is.icc?.equals(was.icc!)).toBe(true);
    expect(is.xmp).toBeUndefined();
    expect((await pixels(bytes)).equals(await pixels(original))).toBe(true);
  });

  it("leaves a simple WebP as it is", async () => {
    const clean = await (await picture()).webp().toBuffer();
    expect(stripPersonalMetadata(clean, "image/webp")).toEqual({ bytes: clean, changed: false });
  });
});

// ─────────────────────────────── GIF ────────────────────────────────

/** An extension block: its data in sub-blocks of at most 255 bytes. */
function gifExtension(label: number, [first, rest]: [Buffer, Buffer]): Buffer {
  const blocks = [first];
  for (let at = 0; at < rest.length; at += 255) blocks.push(rest.subarray(at, at + 255));
  return Buffer.concat([
    Buffer.from([0x21, label]),
    ...blocks.map((b) => Buffer.concat([Buffer.from([b.length]), b])),
    Buffer.from([0]),
  ]);
}

describe("GIF", () => {
  it("drops comments and XMP blocks; keeps looping, frames and their timing", async () => {
    const frame = async (colour: string) =>
      sharp({ create: { width: 20, height: 10, channels: 3, background: colour } })
        .png()
        .toBuffer();
    const made = await sharp([await frame("red"), await frame("blue")], { join: { animated: true } })
      .gif({ delay: [100, 200] })
      .toBuffer();
    expect(made.includes("NETSCAPE2.0", 0, "latin1")).toBe(true); // sharp's loop block
    const headerEnd = 13 + (made[10]! & 0x80 ? 3 * 2 ** ((made[10]! & 7) + 1) : 0);
    const original = Buffer.concat([
      made.subarray(0, headerEnd),
      gifExtension(0xfe, [Buffer.from("secret-comment by", "latin1"), Buffer.from(" Jane Doe", "latin1")]),
      gifExtension(0xff, [Buffer.from("XMP DataXMP", "latin1"), Buffer.from(XMP, "latin1")]),
      made.subarray(headerEnd),
      Buffer.from("secret-trailer", "latin1"),
    ]);
    const { bytes, changed } = stripPersonalMetadata(original, "image/gif");
    expect(changed).toBe(true);
    expect(leaks(bytes)).toEqual([]);
    // Exactly sharp's file: its loop block, frames and timing, the trailer last.
    expect(bytes.equals(made)).toBe(true);

    const [was, is] = [
      await sharp(original, { animated: true }).metadata(),
      await sharp(bytes, { animated: true }).metadata(),
    ];
    expect(is.pages).toBe(2);
    expect(is.delay).toEqual(was.delay);
    expect((await pixels(bytes, true)).equals(await pixels(original, true))).toBe(true);
  });

  it("leaves a GIF with nothing to remove as it is", async () => {
    const clean = await sharp({ create: { width: 8, height: 8, channels: 3, background: "green" } })
      .gif()
      .toBuffer();
    expect(stripPersonalMetadata(clean, "image/gif")).toEqual({ bytes: clean, changed: false });
  });
});

describe("other types", () => {
  it("are returned unchanged", () => {
    const pdf = Buffer.from("%PDF-1.7 Author: Jane Doe", "latin1");
    expect(stripPersonalMetadata(pdf, "application/pdf")).toEqual({ bytes: pdf, changed: false });
  });
});
