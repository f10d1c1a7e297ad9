import type { WatermarkDesign, WatermarkPosition } from "@/lib/platform/media/watermark/design";

/**
 * Where a mark goes on a photo and how large (issue #36). Pure: the media worker asks it for
 * every rendition size it draws, and unit tests pin it.
 */
export interface Size {
  width: number;
  height: number;
}

export interface MarkBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The gap between a corner mark and the photo's edges: 3 % of the short edge (at least 1 px). */
export const MARGIN_SHARE = 0.03;

export const marginOf = (photo: Size) =>
  Math.max(1, Math.round(Math.min(photo.width, photo.height) * MARGIN_SHARE));

/**
 * The box of a mark whose own picture is `mark` (its aspect is kept) on `photo`: its longer side
 * is `size` % of the photo's short or long edge, shrunk if needed to fit inside the margins;
 * placed in a corner at the margin, or centred. Whole pixels, never outside the photo, at least
 * 1 × 1.
 */
export function markBox(
  photo: Size,
  mark: Size,
  design: Pick<WatermarkDesign, "size" | "edge">,
  position: WatermarkPosition,
): MarkBox {
  const margin = marginOf(photo);
  const edge =
    design.edge === "long" ? Math.max(photo.width, photo.height) : Math.min(photo.width, photo.height);
  const longest = (edge * design.size) / 100;
  const aspect = mark.width / Math.max(1, mark.height);
  let width = aspect >= 1 ? longest : longest * aspect;
  let height = aspect >= 1 ? longest / aspect : longest;
  // Never wider or taller than the photo inside its margins.
  const fit = Math.min(1, (photo.width - 2 * margin) / width, (photo.height - 2 * margin) / height);
  width = Math.max(1, Math.min(photo.width, Math.round(width * Math.max(fit, 0))));
  height = Math.max(1, Math.min(photo.height, Math.round(height * Math.max(fit, 0))));
  const right = photo.width - width - margin;
  const bottom = photo.height - height - margin;
  const clamp = (value: number, max: number) => Math.max(0, Math.min(value, max));
  const [left, top] = (() => {
    switch (position) {
      case "top-left":
        return [margin, margin];
      case "top-right":
        return [right, margin];
      case "bottom-left":
        return [margin, bottom];
      case "bottom-right":
        return [right, bottom];
      case "center":
        return [Math.round((photo.width - width) / 2), Math.round((photo.height - height) / 2)];
    }
  })();
  return {
    left: clamp(left, photo.width - width),
    top: clamp(top, photo.height - height),
    width,
    height,
  };
}

/** The sponsor's corner: opposite the company's mark (a centred mark: bottom left). */
export function sponsorPosition(position: WatermarkPosition): WatermarkPosition {
  switch (position) {
    case "top-left":
      return "bottom-right";
    case "top-right":
      return "bottom-left";
    case "bottom-left":
      return "top-right";
    case "bottom-right":
      return "top-left";
    case "center":
      return "bottom-left";
  }
}
