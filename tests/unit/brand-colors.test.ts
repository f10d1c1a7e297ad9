import { describe, expect, it } from "vitest";
import {
  AA_TEXT,
  PAGE_BACKGROUND,
  brandPalette,
  contrastRatio,
  normalizeHex,
  readableOn,
  textOn,
} from "@/lib/features/brand/colors";

describe("brand colours", () => {
  it("computes WCAG contrast ratios", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#ffffff", "#ffffff")).toBeCloseTo(1, 5);
    expect(contrastRatio("#767676", "#ffffff")).toBeCloseTo(4.54, 2);
  });

  it("accepts only #rrggbb", () => {
    expect(normalizeHex(" #FF5A36 ")).toBe("#ff5a36");
    for (const bad of ["red", "#fff", "#ff5a3", "#ff5a366", "url(x)", "", null, undefined]) {
      expect(normalizeHex(bad)).toBeNull();
    }
  });

  it("puts AA-readable text on any colour", () => {
    for (let i = 0; i < 4096; i++) {
      const c = `#${((i * 4099) % 0xffffff).toString(16).padStart(6, "0")}`;
      expect(contrastRatio(textOn(c), c)).toBeGreaterThanOrEqual(AA_TEXT);
    }
  });

  it("adjusts a colour used as text until it reaches AA on the page, in light and dark", () => {
    for (const c of ["#ffff00", "#00ffff", "#777777", "#111111", "#ff5a36"]) {
      expect(
        contrastRatio(readableOn(c, PAGE_BACKGROUND.light), PAGE_BACKGROUND.light),
      ).toBeGreaterThanOrEqual(AA_TEXT);
      expect(contrastRatio(readableOn(c, PAGE_BACKGROUND.dark), PAGE_BACKGROUND.dark)).toBeGreaterThanOrEqual(
        AA_TEXT,
      );
    }
    expect(readableOn("#1d4ed8", PAGE_BACKGROUND.light)).toBe("#1d4ed8");
  });

  it("says which picks were adjusted, and falls back to the defaults", () => {
    const yellow = brandPalette({ brandColor: "#ffff00", accentColor: "#1d4ed8" });
    expect(yellow.adjusted.brand).toBe(true);
    expect(yellow.onBrand).toBe("#000000");
    expect(yellow.brandText.dark).toBe("#ffff00");
    const none = brandPalette({ brandColor: "javascript:alert(1)", accentColor: null });
    expect(none.brand).toMatch(/^#[0-9a-f]{6}$/);
    expect(none.accent).toMatch(/^#[0-9a-f]{6}$/);
  });
});
