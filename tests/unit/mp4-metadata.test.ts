import { describe, expect, it } from "vitest";
import { parseByteRange } from "@/lib/core/http/byte-range";
import {
  moovPatches,
  patchChunk,
  patchedStream,
  planMp4Cleaning,
  type BoxPatch,
} from "@/lib/platform/media/mp4-metadata";

/**
 * Issue #34, row 2, videos: the box walker that blanks an MP4/MOV's metadata boxes without
 * changing a length. Synthetic files, built box by box.
 */
const LOCATION = "+38.7223-009.1393/";
const XMP_UUID = Buffer.from("be7acfcb97a942e89c71999491e3afac", "hex");

function box(type: string, ...parts: (Buffer | string)[]): Buffer {
  const body = Buffer.concat(parts.map((p) => (typeof p === "string" ? Buffer.from(p, "latin1") : p)));
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length, 0);
  head.write(type, 4, "latin1");
  return Buffer.concat([head, body]);
}
/** A box with a 64-bit size (size field 1). */
function box64(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(16);
  head.writeUInt32BE(1, 0);
  head.write(type, 4, "latin1");
  head.writeBigUInt64BE(BigInt(16 + body.length), 8);
  return Buffer.concat([head, body]);
}
/** A box with size 0: it runs to the end of the file. */
function boxToEnd(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.write(type, 4, "latin1");
  return Buffer.concat([head, body]);
}

const ftyp = box("ftyp", "isom", Buffer.alloc(4), "isomiso2avc1mp41");
const samples = Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 31) % 256));
const stbl = box("stbl", box("stco", Buffer.alloc(8, 1)));
const trak = box(
  "trak",
  box("tkhd", Buffer.alloc(84, 2)),
  box("udta", box("name", "Track by Jane"), box("\u00a9xyz", LOCATION)),
  box(
    "mdia",
    box("mdhd", Buffer.alloc(24, 3)),
    box("hdlr", Buffer.alloc(8), "vide", Buffer.alloc(13)),
    box("minf", stbl, box("udta", box("loci", LOCATION))),
  ),
  box("meta", Buffer.alloc(4), box("hdlr", Buffer.alloc(20)), box("keys", LOCATION)),
);
const moov = box(
  "moov",
  box("mvhd", Buffer.alloc(100, 4)),
  trak,
  box("udta", box("\u00a9xyz", LOCATION), box("XMP_", `<x:xmpmeta>${LOCATION}</x:xmpmeta>`)),
  box(
    "meta",
    box("hdlr", Buffer.alloc(20)),
    box("keys", "com.apple.quicktime.location.ISO6709"),
    box("ilst", LOCATION),
  ),
);

const reader = (file: Buffer) => async (start: number, end: number) =>
  Uint8Array.from(file.subarray(start, Math.min(file.length, end + 1)));
const apply = (file: Buffer, patches: readonly BoxPatch[]) => Buffer.from(patchChunk(file, 0, patches));

async function cleaned(file: Buffer): Promise<Buffer> {
  const plan = await planMp4Cleaning(reader(file), file.length);
  if (!plan.ok) throw new Error(plan.reason);
  return apply(file, plan.patches);
}

/** The file's top-level and moov/trak boxes' types, in order (a box's size read as the walker does). */
function types(file: Buffer, start = 0, end = file.length): string[] {
  const out: string[] = [];
  for (let o = start; o + 8 <= end;) {
    let size = file.readUInt32BE(o);
    let header = 8;
    if (size === 1) [size, header] = [Number(file.readBigUInt64BE(o + 8)), 16];
    if (size === 0) size = end - o;
    const type = file.toString("latin1", o + 4, o + 8);
    out.push(type);
    if (["moov", "trak", "mdia", "minf"].includes(type))
      out.push(...types(file, o + header, o + size).map((t) => `${type}/${t}`));
    o += size;
  }
  return out;
}

function expectClean(got: Buffer, original: Buffer) {
  expect(got.length).toBe(original.length);
  expect(got.includes(LOCATION, 0, "latin1")).toBe(false);
  expect(got.includes("Jane", 0, "latin1")).toBe(false);
  expect(got.includes("ISO6709", 0, "latin1")).toBe(false);
  // The samples and the tables that point at them are untouched.
  expect(got.includes(samples)).toBe(true);
  expect(got.includes(stbl)).toBe(true);
  expect(types(got).filter((t) => /udta|meta/.test(t))).toEqual([]);
}

describe("MP4 metadata boxes blanked in place", () => {
  it("blanks moov's, each trak's and nested udta/meta boxes when moov comes first (faststart)", async () => {
    const file = Buffer.concat([ftyp, moov, box("mdat", samples)]);
    const got = await cleaned(file);
    expectClean(got, file);
    expect(types(got)).toEqual([
      "ftyp",
      "moov",
      "moov/mvhd",
      "moov/trak",
      "moov/trak/tkhd",
      "moov/trak/free",
      "moov/trak/mdia",
      "moov/trak/mdia/mdhd",
      "moov/trak/mdia/hdlr",
      "moov/trak/mdia/minf",
      "moov/trak/mdia/minf/stbl",
      "moov/trak/mdia/minf/free",
      "moov/trak/free",
      "moov/free",
      "moov/free",
      "mdat",
    ]);
    // Every byte outside the blanked boxes is the original's.
    const changed = [...got.keys()].filter((i) => got[i] !== file[i]);
    const inMoov = file.indexOf(moov);
    expect(changed.every((i) => i >= inMoov && i < inMoov + moov.length)).toBe(true);
  });

  it("does the same when moov comes last, after a 64-bit mdat", async () => {
    const file = Buffer.concat([ftyp, box64("mdat", samples), moov]);
    expectClean(await cleaned(file), file);
  });

  it("reads a last box of size 0 as running to the end of the file (moov last or mdat last)", async () => {
    const moovBody = moov.subarray(8);
    const moovLast = Buffer.concat([ftyp, box("mdat", samples), boxToEnd("moov", moovBody)]);
    expectClean(await cleaned(moovLast), moovLast);
    const mdatLast = Buffer.concat([ftyp, moov, boxToEnd("mdat", samples)]);
    expectClean(await cleaned(mdatLast), mdatLast);
  });

  it("blanks top-level metadata (an XMP uuid box, a meta box) but leaves other uuid boxes", async () => {
    const otherUuid = box("uuid", Buffer.alloc(16, 7), "camera private data");
    const file = Buffer.concat([
      ftyp,
      box("uuid", XMP_UUID, `<x:xmpmeta>${LOCATION}</x:xmpmeta>`),
      moov,
      box("meta", box("keys", LOCATION)),
      otherUuid,
      box("mdat", samples),
    ]);
    const got = await cleaned(file);
    expectClean(got, file);
    expect(types(got).filter((t) => !t.includes("/"))).toEqual([
      "ftyp",
      "free",
      "moov",
      "free",
      "uuid",
      "mdat",
    ]);
    expect(got.includes(otherUuid)).toBe(true);
  });

  it("patches a stream cut anywhere, and any range of it, as it patches the whole file", async () => {
    const file = Buffer.concat([ftyp, box64("mdat", samples), box("uuid", XMP_UUID, LOCATION), moov]);
    const plan = await planMp4Cleaning(reader(file), file.length);
    if (!plan.ok) throw new Error(plan.reason);
    const whole = apply(file, plan.patches);
    for (const step of [1, 3, 7, 64, 1000]) {
      async function* chunks(from: number, to: number) {
        for (let o = from; o < to; o += step) yield Uint8Array.from(file.subarray(o, Math.min(to, o + step)));
      }
      const parts: Uint8Array[] = [];
      for await (const c of patchedStream(chunks(0, file.length), 0, plan.patches)) parts.push(c);
      expect(Buffer.concat(parts).equals(whole)).toBe(true);
      const [from, to] = [file.length - moov.length - 20 + step, file.length - 5];
      const ranged: Uint8Array[] = [];
      for await (const c of patchedStream(chunks(from, to), from, plan.patches)) ranged.push(c);
      expect(Buffer.concat(ranged).equals(whole.subarray(from, to))).toBe(true);
    }
    // A chunk no patch touches is handed on as it is; a patched one is a copy.
    const mdatChunk = file.subarray(ftyp.length + 16, ftyp.length + 116);
    expect(patchChunk(mdatChunk, ftyp.length + 16, plan.patches)).toBe(mdatChunk);
    expect(file.includes(LOCATION, 0, "latin1")).toBe(true);
  });

  it("refuses what it cannot account for, never guessing", async () => {
    const plan = (file: Buffer, maxMoovBytes = 1 << 20) =>
      planMp4Cleaning(reader(file), file.length, { maxMoovBytes, maxTopLevelBoxes: 16, maxChildren: 64 });
    const refused = async (file: Buffer, reason: RegExp, maxMoov?: number) =>
      expect(await plan(file, maxMoov)).toEqual({ ok: false, reason: expect.stringMatching(reason) });
    await refused(Buffer.concat([ftyp, box("mdat", samples)]), /no moov/);
    await refused(Buffer.concat([ftyp, moov, moov]), /two moov/);
    await refused(Buffer.concat([ftyp, moov, box("mdat", samples)]), /moov of/, 100);
    await refused(Buffer.concat([ftyp, moov, box("mdat", samples)]).subarray(0, -10), /past the end/);
    await refused(Buffer.concat([ftyp, moov, Buffer.from([0, 0, 0])]), /after the last box/);
    await refused(
      Buffer.concat([ftyp, Buffer.from([0, 0, 0, 4]), Buffer.from("free"), moov]),
      /smaller than its header/,
    );
    await refused(Buffer.concat(Array.from({ length: 17 }, () => box("free")).concat(moov)), /too many/);
    const huge = Buffer.alloc(16);
    huge.writeUInt32BE(1, 0);
    huge.write("mdat", 4, "latin1");
    huge.writeBigUInt64BE(2n ** 63n, 8);
    await refused(Buffer.concat([ftyp, moov, huge]), /past the end/);
    // A moov whose children leave a gap (a child too small to be a box) could hide a box.
    const gap = box(
      "moov",
      box("mvhd", Buffer.alloc(10)),
      Buffer.from([0, 0, 0, 2, 0, 0, 0, 0]),
      box("udta", LOCATION),
    );
    await refused(Buffer.concat([ftyp, gap]), /does not fit/);
    expect(moovPatches(Uint8Array.from(box("free", "x")), 0)).toMatch(/not a whole moov/);
  });

  it("never throws nor reads out of bounds on damaged input", async () => {
    const file = Buffer.concat([ftyp, box64("mdat", samples.subarray(0, 200)), moov]);
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let round = 0; round < 1500; round++) {
      const damaged = Buffer.from(
        file.subarray(0, round % 3 === 0 ? Math.floor(random() * file.length) : file.length),
      );
      for (let n = 0; n < 4; n++) damaged[Math.floor(random() * damaged.length)] = Math.floor(random() * 256);
      const reads: [number, number][] = [];
      const read = async (start: number, end: number) => {
        reads.push([start, end]);
        return reader(damaged)(start, end);
      };
      const plan = await planMp4Cleaning(read, damaged.length);
      expect(reads.every(([s, e]) => s >= 0 && s <= e && e < damaged.length)).toBe(true);
      if (plan.ok) {
        for (const p of plan.patches)
          expect(p.start >= 0 && p.start < p.end && p.end <= damaged.length).toBe(true);
        expect(apply(damaged, plan.patches).length).toBe(damaged.length);
      }
    }
  });
});

describe("one byte range from a Range header", () => {
  it("reads a-b, a- and -n, cut to the file", () => {
    expect(parseByteRange("bytes=0-99", 1000)).toEqual({ start: 0, end: 99 });
    expect(parseByteRange("bytes=900-", 1000)).toEqual({ start: 900, end: 999 });
    expect(parseByteRange("bytes=900-5000", 1000)).toEqual({ start: 900, end: 999 });
    expect(parseByteRange("bytes=-100", 1000)).toEqual({ start: 900, end: 999 });
    expect(parseByteRange("bytes=-5000", 1000)).toEqual({ start: 0, end: 999 });
  });

  it("answers the whole file for none, several or malformed ranges, 416 past the end", () => {
    for (const header of [null, "", "bytes=0-1,5-9", "bytes=-", "items=0-1", "bytes=9-1", "bytes=abc"]) {
      expect(parseByteRange(header, 1000)).toBeNull();
    }
    expect(parseByteRange("bytes=1000-", 1000)).toBe("unsatisfiable");
    expect(parseByteRange("bytes=-0", 1000)).toBe("unsatisfiable");
  });
});
