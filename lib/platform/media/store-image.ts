import "server-only";
import { storage } from "@/lib/core/storage";
import { variantFileName, type ProcessedImage, type StoredVariant } from "@/lib/platform/media/variants";

/** Writes an image's renditions under `base`; also used for video posters. */
export async function storeImage(
  base: string,
  image: ProcessedImage,
): Promise<{ variants: StoredVariant[]; written: string[] }> {
  const variants: StoredVariant[] = [];
  const written: string[] = [];
  // A few at a time: enough to hide latency without flooding the store.
  const queue = [...image.variants];
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let v = queue.shift(); v; v = queue.shift()) {
        const key = `${base}/${variantFileName(v)}`;
        await storage.put(key, v.bytes, `image/${v.format}`);
        written.push(key);
        variants.push({ width: v.width, format: v.format, key, bytes: v.bytes.length });
      }
    }),
  );
  variants.sort((a, b) => a.width - b.width || a.format.localeCompare(b.format));
  return { variants, written };
}
