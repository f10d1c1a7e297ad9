import "server-only";
import sharp, { type OverlayOptions } from "sharp";
import { withoutXmlInvalid } from "@/lib/core/xml-text";
import type { WatermarkDesign, WatermarkPosition } from "@/lib/platform/media/watermark/design";
import { markBox, type Size } from "@/lib/platform/media/watermark/geometry";

/**
 * The pictures of the marks (issue #36) and their layers on a photo, with sharp: a mark is
 * straight-alpha RGBA pixels, resized into the box `markBox` gives for each rendition size and
 * faded to the design's opacity, then composited into the pixels (variants.ts `mark`): burned
 * in, not an overlay a browser could remove.
 */
export interface MarkImage extends Size {
  /** RGBA, 8 bits, straight alpha. */
  data: Buffer;
}

/** Marks are drawn from at most this many pixels on their long side (a logo file may be huge). */
const MARK_SOURCE_EDGE = 1600;
const rgba = (image: Size) => ({ raw: { width: image.width, height: image.height, channels: 4 as const } });

/** A logo file (PNG, WebP, JPEG…) as a mark. */
export async function logoMark(bytes: Uint8Array): Promise<MarkImage> {
  const { data, info } = await sharp(bytes, { limitInputPixels: 40_000_000 })
    .resize({ width: MARK_SOURCE_EDGE, height: MARK_SOURCE_EDGE, fit: "inside", withoutEnlargement: true })
    .toColourspace("srgb")
    .ensureAlpha()
    .raw({ depth: "uchar" })
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Pango markup is XML: what XML forbids is dropped (the review mark does the same), the rest escaped. */
const escapeMarkup = (text: string) =>
  withoutXmlInvalid(text)
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");

/**
 * A text as a mark: white bold letters over a soft dark outline, readable on light and dark
 * photos alike. Drawn by sharp's text renderer (Pango, with the machine's fonts).
 */
export async function textMark(text: string): Promise<MarkImage> {
  const letters = await sharp({
    text: {
      text: `<span foreground="white">${escapeMarkup(text)}</span>`,
      font: "sans bold",
      dpi: 288,
      rgba: true,
    },
  })
    .raw({ depth: "uchar" })
    .toBuffer({ resolveWithObject: true });
  const { width, height } = letters.info;
  const pad = Math.max(2, Math.round(height * 0.12));
  const shadow = Buffer.from(letters.data);
  for (let i = 0; i < shadow.length; i += 4) {
    shadow[i] = shadow[i + 1] = shadow[i + 2] = 0;
    shadow[i + 3] = Math.round(shadow[i + 3]! * 0.75);
  }
  const out = { width: width + 2 * pad, height: height + 2 * pad };
  const outlined = await sharp(shadow, rgba({ width, height }))
    .extend({ top: pad, bottom: pad, left: pad, right: pad, background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .blur(pad / 2)
    .raw({ depth: "uchar" })
    .toBuffer();
  const { data } = await sharp(outlined, rgba(out))
    .composite([{ input: letters.data, ...rgba({ width, height }), left: pad, top: pad }])
    .raw({ depth: "uchar" })
    .toBuffer({ resolveWithObject: true });
  return { data, ...out };
}

export interface PlacedMark {
  image: MarkImage;
  position: WatermarkPosition;
}

/** The layers of `marks` on a photo of `photo`'s size, each in its box at the design's opacity. */
export async function markLayers(
  photo: Size,
  marks: readonly PlacedMark[],
  design: Pick<WatermarkDesign, "size" | "edge" | "opacity">,
): Promise<OverlayOptions[]> {
  return Promise.all(
    marks.map(async ({ image, position }) => {
      const box = markBox(photo, image, design, position);
      const data = await sharp(image.data, rgba(image))
        .resize({ width: box.width, height: box.height, fit: "fill" })
        .raw({ depth: "uchar" })
        .toBuffer();
      const opacity = design.opacity / 100;
      if (opacity < 1) for (let i = 3; i < data.length; i += 4) data[i] = Math.round(data[i]! * opacity);
      return { input: data, ...rgba(box), left: box.left, top: box.top };
    }),
  );
}
