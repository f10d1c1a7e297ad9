import { describe, expect, it } from "vitest";
import { reserveZipSlot, zipStreamsInFlight } from "@/lib/features/engagement/zip-slots";

describe("download-all stream slots", () => {
  it("hands out at most `perProcess` slots at once, each released once", () => {
    const before = zipStreamsInFlight();
    const limits = { perProcess: before + 2, perCompany: 10 };
    const a = reserveZipSlot("co-a", limits);
    const b = reserveZipSlot("co-b", limits);
    expect(a && b).toBeTruthy();
    expect(reserveZipSlot("co-c", limits)).toBeNull();
    a!();
    a!(); // a second release of the same slot frees nothing more
    expect(zipStreamsInFlight()).toBe(before + 1);
    const c = reserveZipSlot("co-c", limits);
    expect(c).toBeTruthy();
    expect(reserveZipSlot("co-a", limits)).toBeNull();
    b!();
    c!();
    expect(zipStreamsInFlight()).toBe(before);
  });

  it("gives one company at most `perCompany` of them: the others still start (issue #34, row 11)", () => {
    const limits = { perProcess: zipStreamsInFlight() + 4, perCompany: 2 };
    const crowd = [reserveZipSlot("co-busy", limits), reserveZipSlot("co-busy", limits)];
    expect(crowd.every(Boolean)).toBe(true);
    expect(reserveZipSlot("co-busy", limits)).toBeNull();
    expect(zipStreamsInFlight("co-busy")).toBe(2);
    const other = reserveZipSlot("co-quiet", limits);
    expect(other).toBeTruthy();
    crowd[0]!();
    crowd[0]!();
    expect(zipStreamsInFlight("co-busy")).toBe(1);
    const again = reserveZipSlot("co-busy", limits);
    expect(again).toBeTruthy();
    for (const release of [crowd[1], other, again]) release!();
    expect(zipStreamsInFlight("co-busy")).toBe(0);
    expect(zipStreamsInFlight("co-quiet")).toBe(0);
  });
});
