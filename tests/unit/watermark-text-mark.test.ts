import { describe, expect, it } from "vitest";
import { withoutXmlInvalid } from "@/lib/core/xml-text";
import { reviewMarkSvg } from "@/lib/features/review/preview";
import { textMark } from "@/lib/platform/media/watermark/render";

/**
 * Attacker review of issue #36, finding 4: the text watermark (a company's name or text, drawn
 * through Pango markup) kept the characters XML forbids, which the review mark drops; Pango drew
 * a box for each. One function drops them for both.
 */
describe("characters XML forbids", () => {
  it("are dropped: C0 controls but tab and line breaks, lone surrogates, U+FFFE/U+FFFF", () => {
    expect(withoutXmlInvalid("A\u0000c\u0001m\u000b\u001fe\ufffe\uffff")).toBe("Acme");
    expect(withoutXmlInvalid("x\ud800y\udc00z")).toBe("xyz");
    // Allowed ones stay: tab, line breaks, a real surrogate pair, accents.
    expect(withoutXmlInvalid("a\tb\nc\rd 🎉 Açaí")).toBe("a\tb\nc\rd 🎉 Açaí");
  });

  it("leave the text watermark as if they were not there", async () => {
    const clean = await textMark("Acme & Co");
    for (const dirty of ["Ac\u0001me & Co", "Acme\ud800 & Co", "\u001fAcme & Co\uffff"]) {
      const mark = await textMark(dirty);
      expect({ width: mark.width, height: mark.height }).toEqual({
        width: clean.width,
        height: clean.height,
      });
      expect(mark.data.equals(clean.data)).toBe(true);
    }
  });

  it("leave the review mark as if they were not there", () => {
    expect(reviewMarkSvg(800, 600, "Ac\u0001me")).toBe(reviewMarkSvg(800, 600, "Acme"));
  });
});
