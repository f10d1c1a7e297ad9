import sharp, { type OutputInfo, type OverlayOptions } from "sharp";

/** Formats `processImage` encodes; every current browser reads WebP, most read AVIF. */
export type ImageVariantFormat = "webp" | "avif";

/** Playback renditions (`lib/platform/media/renditions.ts`): H.264/AAC video, AAC audio. */
export type StreamFormat = "mp4" | "m4a";

/**
 * One stored rendition, the shape kept in `MediaFile.variants`. `jpeg` is used for a
 * video's poster frame and `mp4`/`m4a` for playback renditions, so that every stored byte of
 * a media item is listed on its row and `Company.storageUsedBytes` can be recomputed from the
 * database alone. `height` is set on video renditions (their ladder step: 720, 1080).
 * (A type alias, not an interface: only aliases are assignable to Prisma's JSON input type.)
 */
export type StoredVariant = {
  width: number;
  height?: number;
  format: ImageVariantFormat | "jpeg" | StreamFormat;
  key: string;
  bytes: number;
};

const STORED_FORMATS: ReadonlySet<unknown> = new Set(["webp", "avif", "jpeg", "mp4", "m4a"]);

/** Reads `MediaFile.variants` back from JSON; null when it is missing or malformed. */
export function parseStoredVariants(json: unknown): StoredVariant[] | null {
  if (!Array.isArray(json)) return null;
  const out: StoredVariant[] = [];
  for (const item of json as unknown[]) {
    if (typeof item !== "object" || item === null) return null;
    const v = item as Record<string, unknown>;
    if (typeof v.width !== "number" || typeof v.key !== "string" || typeof v.bytes !== "number") return null;
    if (!STORED_FORMATS.has(v.format)) return null;
    const format = v.format as StoredVariant["format"];
    const height = typeof v.height === "number" ? { height: v.height } : {};
    out.push({ width: v.width, ...height, format, key: v.key, bytes: v.bytes });
  }
  return out;
}

export interface ImageVariant {
  width: number;
  format: ImageVariantFormat;
  bytes: Buffer;
}

export interface ProcessedImage {
  /** Dimensions of the original after EXIF rotation. */
  width: number;
  height: number;
  /** A ~16 px WebP as a data URL, shown blurred while the real image loads. */
  blurDataUrl: string;
  variants: ImageVariant[];
}

export interface ProcessImageOptions {
  /** Target widths; never enlarged past the original (see `variantWidths`). */
  widths?: readonly number[];
  formats?: readonly ImageVariantFormat[];
  /**
   * Encoder CPU effort. AVIF is the slow one: at 1280 px effort 4 takes ~2 s on one core,
   * effort 2 ~0.4 s, effort 0 ~0.1 s for files ~10 % larger. Uploads use the defaults;
   * the demo seed asks for the fastest settings.
   */
  effort?: { webp?: number; avif?: number };
  /**
   * Layers burned into the decoded pixels before any rendition is encoded (issue #36: a
   * watermark, lib/platform/media/watermark/render.ts), asked for at the decoded size.
   */
  mark?: (size: { width: number; height: number }) => Promise<OverlayOptions[]>;
}

/**
 * 960 is there for phones: a 412 px wide screen at 1.75–2.3 device pixels per CSS pixel needs
 * 720–950 px, and without it took the 1280 file, ~40 % more bytes, for its largest image (the
 * event banner, the photo in the player) while the page's scripts load beside it on the same
 * connection. Also a three-column grid on a laptop (a third of 1,440 px at 2×).
 */
export const DEFAULT_VARIANT_WIDTHS: readonly number[] = [320, 640, 960, 1280];
const DEFAULT_FORMATS: readonly ImageVariantFormat[] = ["webp", "avif"];
const BLUR_SIZE = 16;

/**
 * The widths to encode for an original `sourceWidth` wide: every target narrower than the
 * original, plus the original width itself when it falls between two targets (so the
 * largest variant is as sharp as the source allows), never an upscale. A target within 10 %
 * of that largest width is left out: a 960 beside a 1000 would be the same picture twice.
 */
export function variantWidths(
  sourceWidth: number,
  targets: readonly number[] = DEFAULT_VARIANT_WIDTHS,
): number[] {
  const sorted = [...new Set(targets)].filter((w) => w > 0).sort((a, b) => a - b);
  const largest = sorted.at(-1) ?? sourceWidth;
  const capped = Math.min(sourceWidth, largest);
  return [...sorted.filter((w) => w < capped * 0.9), capped];
}

/**
 * The widths `variantWidths` encodes for this source that `stored` lacks (as WebP): what a
 * media processed under an older `DEFAULT_VARIANT_WIDTHS` is missing (lib/platform/media/backfill.ts).
 */
export function missingVariantWidths(sourceWidth: number, stored: readonly StoredVariant[]): number[] {
  const have = new Set(stored.filter((v) => v.format === "webp").map((v) => v.width));
  return variantWidths(sourceWidth).filter((w) => !have.has(w));
}

/**
 * Turns an uploaded image into responsive variants. The original is decoded once (rotated
 * per its EXIF orientation, converted to 8-bit sRGB) into raw pixels at the largest size
 * needed, and every variant is encoded from those pixels. Outputs carry no metadata:
 * sharp drops EXIF (GPS, camera serials) unless asked to keep it.
 * Throws when the input is not a decodable image; callers mark the media `failed`.
 */
export async function processImage(
  input: Buffer,
  options: ProcessImageOptions = {},
): Promise<ProcessedImage> {
  const meta = await sharp(input).metadata();
  // `autoOrient` holds the dimensions after EXIF rotation (orientations 5–8 swap them).
  const width = meta.autoOrient?.width ?? meta.width;
  const height = meta.autoOrient?.height ?? meta.height;
  if (!width || !height) throw new Error("Image has no dimensions");

  const widths = variantWidths(width, options.widths);
  const decodeWidth = Math.max(...widths);
  const decoded = await sharp(input, { autoOrient: true })
    .resize({ width: decodeWidth, withoutEnlargement: true })
    .toColourspace("srgb")
    .raw({ depth: "uchar" })
    .toBuffer({ resolveWithObject: true });
  const { data, info } = options.mark ? await burnIn(decoded, options.mark) : decoded;
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
  const fromRaw = () => sharp(data, raw);

  const formats = options.formats ?? DEFAULT_FORMATS;
  const webpEffort = options.effort?.webp ?? 4;
  const avifEffort = options.effort?.avif ?? 2;
  const encode = async (w: number, format: ImageVariantFormat): Promise<ImageVariant> => {
    // Height from the original's ratio, not the decoded copy's (already rounded once), so
    // every variant has exactly the height a page computes from `width`/`height`.
    const h = Math.max(1, Math.round((w * height) / width));
    const resized = fromRaw().resize({ width: w, height: h, fit: "fill" });
    const bytes =
      format === "webp"
        ? await resized.webp({ quality: 78, effort: webpEffort }).toBuffer()
        : await resized.avif({ quality: 52, effort: avifEffort, chromaSubsampling: "4:2:0" }).toBuffer();
    return { width: w, format, bytes };
  };

  const [blur, variants] = await Promise.all([
    fromRaw().resize(BLUR_SIZE, BLUR_SIZE, { fit: "inside" }).webp({ quality: 50 }).toBuffer(),
    Promise.all(widths.flatMap((w) => formats.map((f) => encode(w, f)))),
  ]);
  return {
    width,
    height,
    blurDataUrl: `data:image/webp;base64,${blur.toString("base64")}`,
    variants,
  };
}

type Decoded = { data: Buffer; info: OutputInfo };

/** `layers` composited over decoded pixels, keeping their channels (no alpha added to a photo without). */
async function burnIn(decoded: Decoded, layers: NonNullable<ProcessImageOptions["mark"]>): Promise<Decoded> {
  const { width, height, channels } = decoded.info;
  const composed = await sharp(decoded.data, { raw: { width, height, channels } })
    .composite(await layers({ width, height }))
    .raw({ depth: "uchar" })
    .toBuffer({ resolveWithObject: true });
  if (composed.info.channels === channels) return composed;
  // sharp composites with an alpha channel: drop it again (operations run before composite, so a second pass).
  const { info } = composed;
  return sharp(composed.data, { raw: { width: info.width, height: info.height, channels: info.channels } })
    .removeAlpha()
    .raw({ depth: "uchar" })
    .toBuffer({ resolveWithObject: true });
}

/** Conventional object name of a variant beside its original: `w640.webp`. */
export function variantFileName(variant: { width: number; format: ImageVariantFormat }): string {
  return `w${variant.width}.${variant.format}`;
}
