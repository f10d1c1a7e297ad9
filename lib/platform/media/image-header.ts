import sharp from "sharp";

/**
 * Width and height from the first bytes of an image (the headers of JPEG, PNG, GIF and WebP
 * come first), or null when they are not there. Lets the server refuse an oversized image
 * before decoding a single pixel of it.
 */
export async function imageDimensionsFromHead(
  head: Uint8Array,
): Promise<{ width: number; height: number } | null> {
  try {
    const meta = await sharp(head, { limitInputPixels: false }).metadata();
    return meta.width && meta.height ? { width: meta.width, height: meta.height } : null;
  } catch {
    return null;
  }
}

export function megapixels(pixels: number): number {
  return Math.floor(pixels / 1_000_000);
}
