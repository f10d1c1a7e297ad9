import { z } from "zod";
import { isPlainText } from "@/lib/core/validation/common";

/**
 * A company's watermark design (issue #36, `Company.watermarkDesign`): what is burned into the
 * renditions of its watermarked galleries. Pure (zod only): the settings form, the admin action
 * and the media worker read the same shape, and a stored value that no longer parses reads as
 * the default, never as "no mark".
 */
export const WATERMARK_KINDS = ["logo", "text"] as const;
export const WATERMARK_POSITIONS = [
  "top-left",
  "top-right",
  "center",
  "bottom-left",
  "bottom-right",
] as const;
/** Which edge of the photo the size is a share of. */
export const WATERMARK_EDGES = ["short", "long"] as const;
export type WatermarkPosition = (typeof WATERMARK_POSITIONS)[number];

/** Size, % of the chosen edge: the mark's longer side. Opacity, %. */
export const WATERMARK_SIZE = { min: 5, max: 60, default: 20 } as const;
export const WATERMARK_OPACITY = { min: 10, max: 100, default: 60 } as const;
export const WATERMARK_TEXT_MAX = 60;

const whole = (range: { min: number; max: number; default: number }, tooSmall: string, tooLarge: string) =>
  z.coerce.number(tooSmall).int(tooSmall).min(range.min, tooSmall).max(range.max, tooLarge);

export const watermarkDesignSchema = z
  .object({
    kind: z.enum(WATERMARK_KINDS),
    /** Used when `kind` is text (kept otherwise, so switching back does not lose it). */
    text: z
      .string()
      .transform((v) => v.normalize("NFC").trim())
      .refine((v) => isPlainText(v, false), "validation.invalidCharacters")
      .pipe(z.string().max(WATERMARK_TEXT_MAX, "validation.tooLong")),
    position: z.enum(WATERMARK_POSITIONS),
    size: whole(WATERMARK_SIZE, "watermarks.errors.size", "watermarks.errors.size"),
    edge: z.enum(WATERMARK_EDGES),
    opacity: whole(WATERMARK_OPACITY, "watermarks.errors.opacity", "watermarks.errors.opacity"),
  })
  .superRefine((design, ctx) => {
    if (design.kind === "text" && design.text === "")
      ctx.addIssue({ code: "custom", path: ["text"], message: "watermarks.errors.textRequired" });
  });

export type WatermarkDesign = z.output<typeof watermarkDesignSchema>;

export const DEFAULT_WATERMARK_DESIGN: WatermarkDesign = {
  kind: "logo",
  text: "",
  position: "bottom-right",
  size: WATERMARK_SIZE.default,
  edge: "short",
  opacity: WATERMARK_OPACITY.default,
};

/** The stored design, or the default when none was saved (or it no longer parses). */
export function readWatermarkDesign(json: unknown): WatermarkDesign {
  if (json === null || json === undefined) return DEFAULT_WATERMARK_DESIGN;
  const parsed = watermarkDesignSchema.safeParse(json);
  return parsed.success ? parsed.data : DEFAULT_WATERMARK_DESIGN;
}
