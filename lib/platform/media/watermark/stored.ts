import { prefixOfKey } from "@/lib/platform/media/keys";
import { parseStoredVariants, type StoredVariant } from "@/lib/platform/media/variants";

/**
 * A photo's watermarked renditions as kept in `MediaFile.watermark` (issue #36): made for one
 * version of the marks (`design`, a hash of the company's design, its logo and the sponsor's),
 * under their own folder `…/<mediaId>/wm-<design>/`, so a marked rendition never shares a key,
 * a version or a URL with a clean one (urls.ts: versions come from keys), and a new design is a
 * new folder. `web`: the marked web-size JPEG that fans download instead of any original.
 * Like the download and web copies they are not counted in the storage quota (the organiser did
 * not upload them) and go with their media's folder.
 * (A type alias: only aliases are assignable to Prisma's JSON input type.)
 */
export type StoredWatermark = {
  design: string;
  variants: StoredVariant[];
  web?: { edge: number; key: string; bytes: number };
};

export function parseStoredWatermark(json: unknown): StoredWatermark | null {
  if (typeof json !== "object" || json === null || Array.isArray(json)) return null;
  const value = json as Record<string, unknown>;
  if (typeof value.design !== "string") return null;
  const variants = parseStoredVariants(value.variants);
  if (!variants) return null;
  const web = value.web as Record<string, unknown> | undefined;
  const validWeb =
    web && typeof web.edge === "number" && typeof web.key === "string" && typeof web.bytes === "number"
      ? { web: { edge: web.edge, key: web.key, bytes: web.bytes } }
      : {};
  return { design: value.design, variants, ...validWeb };
}

/** The folder of a design's marked renditions beside the original. */
export const watermarkFolder = (storageKey: string, design: string) =>
  `${prefixOfKey(storageKey)}/wm-${design}`;

/** Every stored key of a watermark entry (to delete it when replaced or turned off). */
export function watermarkKeys(stored: StoredWatermark | null): string[] {
  if (!stored) return [];
  return [...stored.variants.map((v) => v.key), ...(stored.web ? [stored.web.key] : [])];
}

/**
 * The renditions fans get of a media: for a photo of a watermarked gallery, its marked ones
 * as soon as it has any (of this design or, while a new one is drawn, the previous one); until
 * its first are drawn — the minutes after the organiser turns the mark on — the names of its
 * clean ones, so the gallery never shows broken images, which the route answers marked on
 * request (`awaitingMarks`; downloads are marked at once: download-rule.ts).
 * Anything else: its own renditions.
 */
export function fanVariants(
  media: { kind: string; variants: unknown; watermark?: unknown },
  watermarked: boolean,
): StoredVariant[] {
  const clean = parseStoredVariants(media.variants) ?? [];
  if (!watermarked || media.kind !== "photo") return clean;
  const marked = parseStoredWatermark(media.watermark);
  return marked && marked.variants.length > 0 ? marked.variants : clean;
}

/**
 * A photo of a watermarked gallery with no marked renditions yet: `fanVariants` names its clean
 * ones (the page keeps working), and the media route marks them on request instead of serving
 * their bytes (on-demand.ts).
 */
export function awaitingMarks(media: { kind: string; watermark?: unknown }, watermarked: boolean): boolean {
  if (!watermarked || media.kind !== "photo") return false;
  return !((parseStoredWatermark(media.watermark)?.variants.length ?? 0) > 0);
}

/** Share images of a watermarked gallery: its marked rendition or none, never a clean one. */
export function shareVariants(
  media: { kind: string; variants: unknown; watermark?: unknown },
  watermarked: boolean,
): StoredVariant[] {
  if (!watermarked || media.kind !== "photo") return parseStoredVariants(media.variants) ?? [];
  return parseStoredWatermark(media.watermark)?.variants ?? [];
}
