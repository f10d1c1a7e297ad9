import { describe, expect, it } from "vitest";
import { MP4_PLAN_LIMITS, planMp4Cleaning, type Mp4PlanStats } from "@/lib/platform/media/mp4-metadata";
import { cachedMp4Plan, clearMp4PlanCache, MAX_PLANNING } from "@/lib/platform/media/mp4-plan-cache";

/**
 * Issue #34 review. M1: a track other than pictures or sound (GoPro `gpmd`, `camm`, DJI `djmd`,
 * subtitles, Apple's timed metadata `mebx`) keeps the location in its samples, which blanking
 * boxes cannot reach: such a file is refused. M2: a hostile `moov` (millions of 8-byte boxes)
 * is refused after a bounded number of boxes, and a plan is made once per stored object.
 */
function box(type: string, ...parts: (Buffer | string)[]): Buffer {
  const body = Buffer.concat(parts.map((p) => (typeof p === "string" ? Buffer.from(p, "latin1") : p)));
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length, 0);
  head.write(type, 4, "latin1");
  return Buffer.concat([head, body]);
}
const hdlr = (handler: string) => box("hdlr", Buffer.alloc(8), handler, Buffer.alloc(13));
/** A track of this handler type, `entry` its sample description's format. */
const trak = (handler: string | null, entry = "avc1") =>
  box(
    "trak",
    box("tkhd", Buffer.alloc(84)),
    box(
      "mdia",
      box("mdhd", Buffer.alloc(24)),
      ...(handler ? [hdlr(handler)] : []),
      box("minf", box("stbl", box("stsd", Buffer.alloc(8), box(entry, Buffer.alloc(16))))),
    ),
  );
const ftyp = box("ftyp", "isom", Buffer.alloc(4), "isomiso2avc1mp41");
const file = (...traks: Buffer[]) =>
  Buffer.concat([ftyp, box("moov", box("mvhd", Buffer.alloc(100)), ...traks), box("mdat", Buffer.alloc(64))]);
const reader = (bytes: Buffer) => async (start: number, end: number) =>
  Uint8Array.from(bytes.subarray(start, Math.min(bytes.length, end + 1)));
const plan = (bytes: Buffer, stats?: Mp4PlanStats) =>
  planMp4Cleaning(reader(bytes), bytes.length, MP4_PLAN_LIMITS, stats);

describe("tracks that may hold a place in their samples", () => {
  it("accepts pictures and sound", async () => {
    expect(await plan(file(trak("vide"), trak("soun", "mp4a")))).toMatchObject({ ok: true });
  });

  it("refuses camera data, timed metadata, subtitle, text and timecode tracks, and a track without a handler", async () => {
    for (const [handler, entry] of [
      ["meta", "gpmd"], // GoPro GPS
      ["camm", "camm"], // camera motion metadata
      ["meta", "djmd"], // DJI
      ["meta", "mebx"], // Apple timed metadata (location)
      ["sbtl", "tx3g"],
      ["subt", "wvtt"],
      ["text", "text"],
      ["tmcd", "tmcd"],
      [null, "avc1"],
    ] as const) {
      const got = await plan(file(trak("vide"), trak(handler, entry)));
      expect(got).toEqual({ ok: false, reason: expect.stringMatching(/a track of type/) });
    }
  });
});

describe("bounded work on a hostile file", () => {
  it("refuses a moov of millions of empty boxes after visiting about the cap, not all of them", async () => {
    const count = 1_000_000; // 8 MB of 8-byte free boxes: under the moov cap
    const children = Buffer.alloc(count * 8);
    for (let i = 0; i < count; i++) {
      children.writeUInt32BE(8, i * 8);
      children.write("free", i * 8 + 4, "latin1");
    }
    const bytes = Buffer.concat([ftyp, box("moov", children)]);
    const stats = { boxes: 0 };
    expect(await plan(bytes, stats)).toEqual({
      ok: false,
      reason: expect.stringMatching(/more than 4096 boxes/),
    });
    expect(stats.boxes).toBeLessThanOrEqual(MP4_PLAN_LIMITS.maxChildren + MP4_PLAN_LIMITS.maxTopLevelBoxes);
  });

  it("refuses more than a handful of top-level boxes and a moov larger than a long video's", async () => {
    const many = Buffer.concat([ftyp, ...Array.from({ length: 100 }, () => box("free")), file(trak("vide"))]);
    const stats = { boxes: 0 };
    expect(await plan(many, stats)).toEqual({ ok: false, reason: "too many top-level boxes" });
    expect(stats.boxes).toBe(MP4_PLAN_LIMITS.maxTopLevelBoxes);
    expect(MP4_PLAN_LIMITS.maxMoovBytes).toBeLessThanOrEqual(16 * 1024 * 1024);
    const big = Buffer.alloc(8);
    big.writeUInt32BE(MP4_PLAN_LIMITS.maxMoovBytes + 9, 0);
    big.write("moov", 4, "latin1");
    let read = 0;
    const bytes = Buffer.concat([ftyp, big, Buffer.alloc(MP4_PLAN_LIMITS.maxMoovBytes + 1)]);
    const got = await planMp4Cleaning(async (start, end) => {
      read += end - start + 1;
      return reader(bytes)(start, end);
    }, bytes.length);
    expect(got).toEqual({ ok: false, reason: expect.stringMatching(/^moov of/) });
    expect(read).toBeLessThan(1024);
  });

  it("plans a stored object once for all its ranges, again when it changes", async () => {
    clearMp4PlanCache();
    const bytes = file(trak("vide"));
    let reads = 0;
    const read = async (start: number, end: number) => {
      reads++;
      return reader(bytes)(start, end);
    };
    const first = await cachedMp4Plan("k", bytes.length, "e1", read);
    const readsOnce = reads;
    for (let i = 0; i < 20; i++) expect(await cachedMp4Plan("k", bytes.length, "e1", read)).toBe(first);
    expect(reads).toBe(readsOnce);
    await cachedMp4Plan("k", bytes.length, "e2", read);
    expect(reads).toBe(readsOnce * 2);
  });

  it("makes at most MAX_PLANNING plans at once, the others waiting their turn", async () => {
    clearMp4PlanCache();
    const bytes = file(trak("vide"));
    let open = 0;
    let most = 0;
    const read = async (start: number, end: number) => {
      open++;
      most = Math.max(most, open);
      await new Promise((resolve) => setTimeout(resolve, 5));
      open--;
      return reader(bytes)(start, end);
    };
    const plans = await Promise.all(
      Array.from({ length: 8 }, (_, i) => cachedMp4Plan(`key-${i}`, bytes.length, "e", read)),
    );
    expect(plans.every((p) => p.ok)).toBe(true);
    expect(most).toBe(MAX_PLANNING);
  });
});
