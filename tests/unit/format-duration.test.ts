import { describe, expect, it } from "vitest";
import { formatDuration } from "@/lib/core/format";

describe("formatDuration (one clock-style duration for admin and public pages)", () => {
  it("shows hours from an hour up: 65:30 is 1:05:30, not 65:30", () => {
    expect(formatDuration((65 * 60 + 30) * 1000)).toBe("1:05:30");
    expect(formatDuration(3600 * 1000)).toBe("1:00:00");
  });

  it("shows m:ss below an hour", () => {
    expect(formatDuration((5 * 60 + 3) * 1000)).toBe("5:03");
    expect(formatDuration(59 * 60 * 1000 + 59_400)).toBe("59:59");
    expect(formatDuration(0)).toBe("0:00");
  });

  it("keeps a missing duration missing", () => {
    expect(formatDuration(null)).toBeNull();
  });
});
