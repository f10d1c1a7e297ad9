import { describe, expect, it } from "vitest";
import {
  DEFAULT_WATERMARK_DESIGN,
  readWatermarkDesign,
  watermarkDesignSchema,
} from "@/lib/platform/media/watermark/design";
import { marginOf, markBox, sponsorPosition } from "@/lib/platform/media/watermark/geometry";
import { fanVariants, shareVariants } from "@/lib/platform/media/watermark/stored";

const landscape = { width: 1280, height: 853 };
const wideLogo = { width: 400, height: 100 };

describe("markBox (issue #36: where a mark goes and how large)", () => {
  it("sizes the mark's longer side as a share of the photo's short edge, aspect kept", () => {
    const box = markBox(landscape, wideLogo, { size: 20, edge: "short" }, "bottom-right");
    // 20 % of 853 = 170.6 → 171 wide, 43 high (4:1).
    expect(box.width).toBe(171);
    expect(box.height).toBe(43);
    const margin = marginOf(landscape);
    expect(margin).toBe(26);
    expect(box.left).toBe(1280 - 171 - margin);
    expect(box.top).toBe(853 - 43 - margin);
  });

  it("uses the long edge when asked, and a tall mark's height is its longer side", () => {
    expect(markBox(landscape, wideLogo, { size: 20, edge: "long" }, "top-left")).toEqual({
      left: 26,
      top: 26,
      width: 256,
      height: 64,
    });
    const tall = markBox(landscape, { width: 100, height: 300 }, { size: 30, edge: "short" }, "top-right");
    expect(tall.height).toBe(256);
    expect(tall.width).toBe(85);
    expect(tall.left).toBe(1280 - 85 - 26);
    expect(tall.top).toBe(26);
  });

  it("centres a centred mark", () => {
    const box = markBox(
      { width: 1000, height: 600 },
      { width: 100, height: 100 },
      { size: 50, edge: "short" },
      "center",
    );
    expect(box).toEqual({ left: 350, top: 150, width: 300, height: 300 });
  });

  it("shrinks a mark too large for the photo to fit inside the margins, on every position", () => {
    const photo = { width: 300, height: 200 };
    for (const position of ["top-left", "top-right", "center", "bottom-left", "bottom-right"] as const) {
      const box = markBox(photo, { width: 1000, height: 100 }, { size: 60, edge: "long" }, position);
      expect(box.width).toBeLessThanOrEqual(300 - 2 * marginOf(photo));
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.top).toBeGreaterThanOrEqual(0);
      expect(box.left + box.width).toBeLessThanOrEqual(300);
      expect(box.top + box.height).toBeLessThanOrEqual(200);
    }
  });

  it("never answers an empty box, even on a tiny photo", () => {
    const box = markBox({ width: 4, height: 3 }, wideLogo, { size: 5, edge: "short" }, "bottom-left");
    expect(box.width).toBeGreaterThanOrEqual(1);
    expect(box.height).toBeGreaterThanOrEqual(1);
    expect(box.left + box.width).toBeLessThanOrEqual(4);
    expect(box.top + box.height).toBeLessThanOrEqual(3);
  });

  it("puts the sponsor in the opposite corner", () => {
    expect(sponsorPosition("bottom-right")).toBe("top-left");
    expect(sponsorPosition("top-left")).toBe("bottom-right");
    expect(sponsorPosition("top-right")).toBe("bottom-left");
    expect(sponsorPosition("bottom-left")).toBe("top-right");
    expect(sponsorPosition("center")).toBe("bottom-left");
  });
});

describe("the design and the stored marks", () => {
  it("validates the form's strings and refuses a text mark without text", () => {
    const form = {
      kind: "text",
      text: " © Studio ",
      position: "center",
      size: "25",
      edge: "long",
      opacity: "40",
    };
    expect(watermarkDesignSchema.parse(form)).toEqual({ ...form, text: "© Studio", size: 25, opacity: 40 });
    expect(watermarkDesignSchema.safeParse({ ...form, text: "" }).success).toBe(false);
    expect(watermarkDesignSchema.safeParse({ ...form, size: "2" }).success).toBe(false);
    expect(watermarkDesignSchema.safeParse({ ...form, opacity: "101" }).success).toBe(false);
    expect(watermarkDesignSchema.safeParse({ ...form, position: "middle" }).success).toBe(false);
  });

  it("reads a missing or broken stored design as the default, never as no mark", () => {
    expect(readWatermarkDesign(null)).toEqual(DEFAULT_WATERMARK_DESIGN);
    expect(readWatermarkDesign({ kind: "nope" })).toEqual(DEFAULT_WATERMARK_DESIGN);
  });

  const clean = [{ width: 640, format: "webp", key: "c/m1/w640.webp", bytes: 10 }];
  const marked = {
    design: "abc",
    variants: [{ width: 640, format: "webp", key: "c/m1/wm-abc/w640.webp", bytes: 12 }],
  };

  it("gives fans a watermarked gallery's marked renditions, its clean ones only before the first are drawn", () => {
    const photo = { kind: "photo", variants: clean, watermark: marked };
    expect(fanVariants(photo, true)[0]?.key).toBe("c/m1/wm-abc/w640.webp");
    expect(fanVariants(photo, false)[0]?.key).toBe("c/m1/w640.webp");
    expect(fanVariants({ ...photo, watermark: null }, true)[0]?.key).toBe("c/m1/w640.webp");
    // A video's poster is not marked (see the report: videos stream clean).
    expect(fanVariants({ ...photo, kind: "video" }, true)[0]?.key).toBe("c/m1/w640.webp");
  });

  it("share images of a watermarked gallery: marked or none", () => {
    expect(shareVariants({ kind: "photo", variants: clean, watermark: marked }, true)[0]?.key).toContain(
      "/wm-abc/",
    );
    expect(shareVariants({ kind: "photo", variants: clean, watermark: null }, true)).toEqual([]);
  });
});
