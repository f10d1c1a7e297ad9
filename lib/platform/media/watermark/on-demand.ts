import "server-only";
import sharp from "sharp";
import { storage } from "@/lib/core/storage";
import { sharedInFlight, withEncodeSlot } from "@/lib/platform/media/encode-slots";
import { placedMarks, type MarkSpec } from "@/lib/platform/media/watermark/marks";
import { markLayers, type PlacedMark } from "@/lib/platform/media/watermark/render";

/**
 * A photo of a watermarked gallery whose marked renditions are not drawn yet (the minutes of the
 * pass after the organiser turns the mark on, or a photo the pass has not reached): its fan
 * rendition is marked here, on request, from the clean one of the same name, so no clean pixels
 * reach a fan meanwhile (attacker review of issue #36). Never cached for long by the route (the
 * pass's renditions replace it), made in the process's encode slots, once per name and marks.
 */
const MAX_SOURCE_BYTES = 4 * 1024 * 1024;
const FORMATS = { "image/webp": "webp", "image/avif": "avif", "image/jpeg": "jpeg" } as const;
/** Placed marks of the few designs being drawn, by their hash (a logo is decoded once, not per photo). */
const PLACED_KEPT = 8;
/**
 * Marks that could not be placed (a damaged sponsor logo, the store down) are kept failed this
 * long (attacker review): every fan request of the gallery's photos decoded the logo again.
 */
export const PLACED_FAILURE_MS = 30_000;
const placed = new Map<string, { marks: Promise<PlacedMark[]>; failedAt?: number }>();
const flights = new Map<string, Promise<Buffer | null>>();

function placedFor(spec: MarkSpec): Promise<PlacedMark[]> {
  const kept = placed.get(spec.hash);
  if (kept && (kept.failedAt === undefined || Date.now() - kept.failedAt < PLACED_FAILURE_MS))
    return kept.marks;
  placed.delete(spec.hash);
  if (placed.size >= PLACED_KEPT) placed.delete(placed.keys().next().value!);
  const entry: { marks: Promise<PlacedMark[]>; failedAt?: number } = { marks: placedMarks(spec) };
  // A failure is answered as it is for a while (the same error), then tried again.
  entry.marks.catch(() => {
    entry.failedAt = Date.now();
  });
  placed.set(spec.hash, entry);
  return entry.marks;
}

/** The clean rendition at `key` with `spec`'s marks, in its own format; null when it cannot be read. */
export function markRenditionNow(key: string, contentType: string, spec: MarkSpec): Promise<Buffer | null> {
  const format = FORMATS[contentType as keyof typeof FORMATS];
  if (!format) return Promise.resolve(null);
  return sharedInFlight(flights, `${key}|${spec.hash}`, () =>
    withEncodeSlot(async () => {
      // First: marks that failed a moment ago fail again at once, without reading the photo.
      const marks = await placedFor(spec);
      const source = await storage.readSmall(key, MAX_SOURCE_BYTES);
      if (!source || source === "too-large") return null;
      const image = sharp(source.bytes);
      const { width, height } = await image.metadata();
      if (!width || !height) return null;
      const layers = await markLayers({ width, height }, marks, spec.design);
      const marked = image.composite(layers);
      if (format === "webp") return marked.webp({ quality: 78 }).toBuffer();
      if (format === "avif")
        return marked.avif({ quality: 52, effort: 2, chromaSubsampling: "4:2:0" }).toBuffer();
      return marked.jpeg({ quality: 82, mozjpeg: true }).toBuffer();
    }),
  );
}
