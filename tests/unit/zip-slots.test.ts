import { describe, expect, it } from "vitest";
import { reserveZipSlot, zipStreamsInFlight } from "@/lib/features/engagement/zip-slots";

describe("download-all stream slots", () => {
  it("hands out at most `max` slots at once, each released once", () => {
    const before = zipStreamsInFlight();
    const a = reserveZipSlot(before + 2);
    const b = reserveZipSlot(before + 2);
    expect(a && b).toBeTruthy();
    expect(reserveZipSlot(before + 2)).toBeNull();
    a!();
    a!(); // a second release of the same slot frees nothing more
    expect(zipStreamsInFlight()).toBe(before + 1);
    const c = reserveZipSlot(before + 2);
    expect(c).toBeTruthy();
    expect(reserveZipSlot(before + 2)).toBeNull();
    b!();
    c!();
    expect(zipStreamsInFlight()).toBe(before);
  });
});
