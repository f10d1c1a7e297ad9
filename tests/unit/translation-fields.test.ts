import { describe, expect, it } from "vitest";
import { isShownToFans, sourceHash, versionStatus, type VersionRow } from "@/lib/features/translation/fields";

const h = sourceHash("Olá", "pt");
const row = (over: Partial<VersionRow>): VersionRow => ({
  text: "Hello",
  origin: "automatic",
  state: "ready",
  sourceHash: h,
  ...over,
});

describe("translation versions", () => {
  it("hashes the source with its locale", () => {
    expect(sourceHash("Olá", "pt")).toBe(h);
    expect(sourceHash("Olá!", "pt")).not.toBe(h);
    expect(sourceHash("Olá", "es")).not.toBe(h);
  });

  it("says each version's review status", () => {
    expect(versionStatus(null, h)).toBe("missing");
    expect(versionStatus(row({}), h)).toBe("automatic");
    expect(versionStatus(row({ sourceHash: "old" }), h)).toBe("stale");
    expect(versionStatus(row({ state: "pending", text: null }), h)).toBe("pending");
    expect(versionStatus(row({ state: "pending", sourceHash: "old" }), h)).toBe("stale");
    expect(versionStatus(row({ state: "failed" }), h)).toBe("failed");
    expect(versionStatus(row({ origin: "manual" }), h)).toBe("edited");
    expect(versionStatus(row({ origin: "manual", sourceHash: "old" }), h)).toBe("stale");
  });

  it("shows fans hand-edited versions always, automatic ones only when current", () => {
    expect(isShownToFans(row({}), h)).toBe(true);
    expect(isShownToFans(row({ sourceHash: "old" }), h)).toBe(false);
    expect(isShownToFans(row({ state: "pending" }), h)).toBe(false);
    expect(isShownToFans(row({ origin: "manual", sourceHash: "old" }), h)).toBe(true);
    expect(isShownToFans(row({ text: "" }), h)).toBe(false);
  });
});
