import { describe, expect, it } from "vitest";
import { stripRanges, THUMB_STEP } from "@/components/player/thumbnail-strip";

const drawn = (ranges: { start: number; end: number }[]) =>
  ranges.reduce((sum, r) => sum + r.end - r.start, 0);

describe("the player's windowed thumbnail strip (issue #36)", () => {
  it("draws what is in view and a few either side, not the whole gallery", () => {
    const ranges = stripRanges(5_000, 0, 360, []);
    expect(ranges).toEqual([{ start: 0, end: Math.ceil(360 / THUMB_STEP) + 8 }]);
    const far = stripRanges(5_000, 2_000 * THUMB_STEP, 360, []);
    expect(far).toHaveLength(1);
    expect(far[0]!.start).toBe(2_000 - 8);
    expect(drawn(far)).toBeLessThan(30);
  });

  it("never draws past the photos loaded", () => {
    expect(stripRanges(3, 0, 1024, [])).toEqual([{ start: 0, end: 3 }]);
    expect(stripRanges(0, 0, 1024, [0])).toEqual([]);
  });

  it("keeps the current and focused thumbnails with their neighbours, apart from the view", () => {
    // Scrolled to the start, the photo on screen is the 3,001st and a thumbnail near it has focus.
    const ranges = stripRanges(5_000, 0, 360, [3_000, 4_999]);
    expect(ranges).toEqual([
      { start: 0, end: 13 },
      { start: 2_999, end: 3_002 },
      { start: 4_998, end: 5_000 },
    ]);
  });

  it("merges what overlaps, so no thumbnail is drawn twice", () => {
    const ranges = stripRanges(100, 0, 360, [12, 13]);
    expect(ranges).toEqual([{ start: 0, end: 15 }]);
    const indexes = ranges.flatMap((r) => Array.from({ length: r.end - r.start }, (_, i) => r.start + i));
    expect(new Set(indexes).size).toBe(indexes.length);
  });
});
