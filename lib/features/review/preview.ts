import "server-only";
import sharp from "sharp";
import { db } from "@/lib/core/db";
import { AppError } from "@/lib/core/errors";
import { enforceLimits } from "@/lib/core/rate-limit/limiter";
import { withoutXmlInvalid } from "@/lib/core/xml-text";
import { escapeHtml } from "@/lib/platform/auth/email-layout";
import { withEncodeSlot } from "@/lib/platform/media/encode-slots";
import { parseStoredVariants } from "@/lib/platform/media/variants";
import { storage } from "@/lib/core/storage";
import { findReviewer } from "@/lib/features/review/reviewer";
import { reviewPhotoWhere } from "@/lib/features/review/rules";

/**
 * What a reviewer sees of a draft photo (issue #36): its 1280-pixel rendition with a mark burned
 * into the pixels — the company's name and the reviewer's own address, repeated across the
 * picture, so an unreleased photo that leaks says where it came from. Drafts have no public
 * rendition URL: this is the only way their pixels leave, and only for an open link.
 */
export const PREVIEW_WIDTH = 1280;
const MAX_SOURCE_BYTES = 4 * 1024 * 1024;
/** Marked previews kept per process: a reviewer scrolling back gets them without sharp again. */
const CACHE_ENTRIES = 64;
const cache = new Map<string, Buffer>();
/** A reviewer paging through a gallery, with room; each uncached preview is an encode. */
const PREVIEWS_PER_MINUTE = 120;
/** The largest WebP rendition no wider than the preview (the gallery's own renditions). */
function previewSource(variants: unknown): string | null {
  const webp = (parseStoredVariants(variants) ?? []).filter(
    (v) => v.format === "webp" && v.width <= PREVIEW_WIDTH,
  );
  webp.sort((a, b) => b.width - a.width);
  return webp[0]?.key ?? null;
}

/** The mark as an SVG the size of the picture: diagonal bands of text and a hairline grid. */
export function reviewMarkSvg(width: number, height: number, text: string): string {
  const size = Math.max(14, Math.round(Math.min(width, height) / 22));
  const step = size * 6;
  // Characters XML 1.0 does not allow (a control in a company name) would break every preview.
  const shown = withoutXmlInvalid(text);
  const label = escapeHtml(shown);
  const rows: string[] = [];
  for (let y = -height; y < height * 2; y += step) {
    rows.push(
      `<text x="${-width}" y="${y}" font-family="DejaVu Sans, Arial, sans-serif" font-size="${size}" ` +
        `fill="#ffffff" fill-opacity="0.45" stroke="#000000" stroke-opacity="0.25" stroke-width="1">` +
        `${`${label}   ·   `.repeat(Math.ceil((width * 3) / Math.max(1, size * shown.length * 0.6)) + 1)}</text>`,
      // A band drawn even where no font is installed: the mark never depends on one.
      `<rect x="${-width}" y="${y + size * 0.6}" width="${width * 3}" height="${Math.max(2, size / 6)}" fill="#ffffff" fill-opacity="0.35"/>`,
    );
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<g transform="rotate(-30 ${width / 2} ${height / 2})">${rows.join("")}</g></svg>`
  );
}

/** The marked preview of one photo for an open reviewer link, or 404. */
export async function reviewPreview(token: string, mediaId: string): Promise<Buffer> {
  const { state, reviewer } = await findReviewer(token);
  if (state !== "open" || !reviewer) throw new AppError("not_found", "review.errors.linkInvalid");
  // A page of a few hundred photos, twice over; each uncached one costs the server an encode.
  await enforceLimits([{ key: `review-previews:${reviewer.id}`, limit: PREVIEWS_PER_MINUTE }], 60);
  const media = await db.mediaFile.findFirst({
    where: {
      id: mediaId,
      contentId: reviewer.review.contentId,
      companyId: reviewer.companyId,
      ...reviewPhotoWhere,
    },
    select: { id: true, variants: true },
  });
  const key = media ? previewSource(media.variants) : null;
  if (!media || !key) throw new AppError("not_found", "review.errors.photoNotFound");
  const cacheKey = `${key}|${reviewer.id}`;
  const cached = cache.get(cacheKey);
  if (cached) return cached;
  const source = await storage.readSmall(key, MAX_SOURCE_BYTES);
  if (!source || source === "too-large") throw new AppError("not_found", "review.errors.photoNotFound");
  const text = `${reviewer.review.content.company.name} · ${reviewer.email}`;
  const marked = await withEncodeSlot(async () => {
    const image = sharp(source.bytes);
    const { width = PREVIEW_WIDTH, height = PREVIEW_WIDTH } = await image.metadata();
    return image
      .composite([{ input: Buffer.from(reviewMarkSvg(width, height, text)) }])
      .webp({ quality: 80 })
      .toBuffer();
  });
  if (cache.size >= CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
  cache.set(cacheKey, marked);
  return marked;
}
