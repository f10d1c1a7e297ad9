import "server-only";
import { createHash } from "node:crypto";
import sharp from "sharp";
import { storage } from "@/lib/core/storage";

/**
 * Share images are drawn once per version of what they show and kept in the object store:
 * a crawler's hit (or a page's cache refresh, or another instance) finds the stored JPEG
 * instead of drawing again. The key carries a hash of the drawing's inputs, so a changed
 * title, photo, brand or template makes a new object and the old one is removed.
 *
 * Messengers drop heavy previews (WhatsApp above roughly 300 KB), so every image is a
 * 1200×630 JPEG of at most `OG_MAX_BYTES`.
 */
export const OG_MAX_BYTES = 200 * 1024;
const QUALITIES = [82, 72, 62, 50, 40] as const;

/** Bumped when the drawing changes, so every stored image is drawn again. */
export const OG_DRAWING_VERSION = 3;

export interface OgStoreSlot {
  /** The folder of one subject and language (`…/og/event-<id>-en-`); versions differ after it. */
  prefix: string;
  /** The inputs of the drawing; their hash names the object. */
  inputs: unknown;
}

export function ogObjectKey(slot: OgStoreSlot): string {
  const hash = createHash("sha256")
    .update(JSON.stringify([OG_DRAWING_VERSION, slot.inputs]))
    .digest("hex")
    .slice(0, 20);
  return `${slot.prefix}${hash}.jpg`;
}

/** A drawn PNG as a JPEG under the size cap (lower quality until it fits). */
export async function shareJpeg(png: Uint8Array): Promise<Buffer> {
  let smallest: Buffer | null = null;
  for (const quality of QUALITIES) {
    const jpeg = await sharp(png)
      .flatten({ background: "#000000" })
      .jpeg({ quality, mozjpeg: true, progressive: true, chromaSubsampling: "4:2:0" })
      .toBuffer();
    if (jpeg.length <= OG_MAX_BYTES) return jpeg;
    smallest = jpeg;
  }
  // Noise-like photos at the lowest quality: halve the detail rather than exceed the cap.
  return sharp(smallest!).resize(600, 315).resize(1200, 630).jpeg({ quality: 60, mozjpeg: true }).toBuffer();
}

/**
 * A share image's answer. No long stale-while-revalidate (issue #36 review): a gallery or event
 * given a password since must stop showing its photo in previews within `maxAgeSeconds` and a
 * minute, not a day later through a CDN; the image is stored, so a fresh fetch is cheap.
 */
export function jpegResponse(bytes: Uint8Array, maxAgeSeconds: number): Response {
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": "image/jpeg",
      "Content-Length": String(bytes.byteLength),
      "Cache-Control": `public, max-age=${maxAgeSeconds}, stale-while-revalidate=60`,
    },
  });
}

/**
 * The stored image of `slot`, or `draw()`'s, stored for the next time (older versions of the
 * same subject and language removed). The store failing never fails the image.
 */
export async function storedShareImage(
  slot: OgStoreSlot,
  draw: () => Promise<Uint8Array>,
): Promise<Uint8Array> {
  const key = ogObjectKey(slot);
  try {
    return await storage.getBytes(key);
  } catch {
    // not drawn yet (or the store is unreachable: draw anyway)
  }
  const jpeg = await shareJpeg(await draw());
  try {
    await storage.put(key, jpeg, "image/jpeg");
    for (const old of await storage.listKeys(slot.prefix)) {
      if (old !== key) await storage.delete(old);
    }
  } catch (error) {
    console.error("[afterglow] share image: could not store", { key, error: String(error) });
  }
  return jpeg;
}
