import "server-only";
import { parseStoredVariants, type StoredVariant } from "@/lib/platform/media/variants";
import { publicStorage } from "@/lib/core/storage";

/** The rendition to show at `width` CSS px: the narrowest WebP at least that wide, else the widest. */
export function pickVariant(
  variants: unknown,
  width: number,
  format: "webp" | "avif" = "webp",
): StoredVariant | null {
  const list = (parseStoredVariants(variants) ?? [])
    .filter((v) => v.format === format)
    .sort((a, b) => a.width - b.width);
  return list.find((v) => v.width >= width) ?? list.at(-1) ?? null;
}

/**
 * A signed, short-lived URL of a rendition for admin screens (the bucket is private). The
 * original is never shown: it may carry EXIF data the renditions dropped.
 */
export async function thumbnailUrl(variants: unknown, width = 320): Promise<string | null> {
  const variant = pickVariant(variants, width);
  if (!variant) return null;
  return publicStorage.signedGetUrl(variant.key, { expiresIn: 3600 });
}
