import { describe, expect, it } from "vitest";
import { formatWatchedTime, hasEngagement } from "@/components/analytics/format";
import { emptyMetrics } from "@/lib/features/analytics/metrics";

describe("watched time", () => {
  const nb = (s: string) => s.replace(/ /g, "\u00a0").replace(/\u00a0(?=\d)/g, " ");

  it("shows seconds, then minutes, then hours and minutes", () => {
    expect(formatWatchedTime(0, "en")).toBe(nb("0 s"));
    expect(formatWatchedTime(45, "en")).toBe(nb("45 s"));
    expect(formatWatchedTime(59.6, "en")).toBe(nb("1 min"));
    expect(formatWatchedTime(12 * 60 + 30, "en")).toBe(nb("12 min"));
    expect(formatWatchedTime(3 * 3600 + 25 * 60 + 9, "en")).toBe(nb("3 h 25 min"));
    expect(formatWatchedTime(2 * 3600, "pt")).toBe(nb("2 h"));
  });

  it("groups the hours' digits the locale's way", () => {
    expect(formatWatchedTime(1234 * 3600, "en")).toBe(nb("1,234 h"));
    expect(formatWatchedTime(12_345 * 3600 + 60, "fr")).toBe("12\u202f345\u00a0h 1\u00a0min");
  });

  it("treats negative and non-finite input as zero", () => {
    expect(formatWatchedTime(-5, "fr")).toBe(nb("0 s"));
    expect(formatWatchedTime(Number.NaN, "es")).toBe(nb("0 s"));
  });
});

describe("engagement", () => {
  it("is none when every metric is zero", () => {
    expect(hasEngagement(emptyMetrics())).toBe(false);
    expect(hasEngagement({ ...emptyMetrics(), watchSeconds: 3 })).toBe(true);
    // Likes taken back in the range count as activity too.
    expect(hasEngagement({ ...emptyMetrics(), likes: -1 })).toBe(true);
  });
});
