import { describe, expect, it } from "vitest";
import { paceMeter, ZIP_PACE } from "@/lib/features/engagement/zip-stream";

/**
 * Issue #34, row 11: a reader that took one chunk every 29 s never tripped the 30 s idle timeout
 * and held its ZIP slot for as long as it liked. The pace meter, on the reader's own clock.
 */
const pace = { idleTimeoutMs: 30_000, minBytesPerSecond: 1000, graceMs: 2_000, windowMs: 4_000 };

describe("a ZIP reader's pace", () => {
  it("lets a slow start through the grace period, then cuts a reader below the minimum", () => {
    const meter = paceMeter(pace);
    // 500 bytes/s: too slow, but still in the grace period for the first 2 s.
    expect(meter.taken(500, 1_000)).toBe(false);
    expect(meter.taken(500, 999)).toBe(false);
    expect(meter.taken(500, 1_000)).toBe(true);
  });

  it("never cuts a reader at or above the minimum, however long it reads", () => {
    const meter = paceMeter(pace);
    for (let i = 0; i < 1_000; i++) expect(meter.taken(1_000, 1_000)).toBe(false);
  });

  it("averages over the sliding window: an old fast burst does not pay for a slow crawl now", () => {
    const meter = paceMeter(pace);
    expect(meter.taken(1_000_000, 100)).toBe(false); // a fast start
    // Then 100 bytes/s: carried by the burst while it is in the window (4 s), cut once it left.
    const verdicts = Array.from({ length: 4 }, () => meter.taken(100, 1_000));
    expect(verdicts).toEqual([false, false, false, true]);
  });

  it("forgives a stall that the window averages out", () => {
    const meter = paceMeter(pace);
    for (let i = 0; i < 10; i++) expect(meter.taken(5_000, 1_000)).toBe(false);
    expect(meter.taken(5_000, 3_000)).toBe(false); // 3 s stalled, 25 kB over the last 4 s
  });

  it("ships numbers that cut a 1-byte-per-second reader and no 3G phone", () => {
    expect(ZIP_PACE.minBytesPerSecond).toBeGreaterThan(1);
    // 1 Mbit/s: a slow mobile connection is more than seven times over the minimum.
    expect(ZIP_PACE.minBytesPerSecond * 7).toBeLessThan(1_000_000 / 8);
    expect(ZIP_PACE.graceMs).toBeLessThanOrEqual(ZIP_PACE.windowMs);
  });
});
