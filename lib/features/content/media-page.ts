import { favouriteCountsOf } from "@/lib/features/analytics/favourites";
import { getContentOrThrow } from "@/lib/features/content/get-content-or-throw";
import { MEDIA_PAGE_SIZE, type MediaPageRequest, type MediaSort } from "@/lib/features/content/schemas";
import { db } from "@/lib/core/db";
import type { MediaKind, Prisma, ProcessingState } from "@/lib/generated/prisma/client";
import { thumbnailUrl } from "@/lib/platform/media/admin-urls";

/**
 * The admin media manager's reads (issue #36, large galleries): one page of a gallery's files in
 * the order the organiser picked, its total, and how many still process. Pages are numbered
 * (offset), not keyset: the admin lists' keyset helper (lib/core/pagination/keyset.ts) orders by
 * a timestamp, where this list also orders by name and by position, and an organiser of 5,000
 * photos wants to jump to page 37; a gallery holds at most `BULK_MEDIA_MAX` files, so a far
 * offset reads a few thousand index entries of one content at most. Only the page's thumbnails
 * are signed. Every read is scoped to the company, and a foreign content is not found.
 */

export interface MediaItem {
  id: string;
  kind: MediaKind;
  state: ProcessingState;
  originalName: string;
  mimeType: string;
  sizeBytes: number;
  width: number | null;
  height: number | null;
  durationMs: number | null;
  processingError: string | null;
  thumbUrl: string | null;
  position: number;
  /** Fans who hearted this photo (issue #36). */
  favourites: number;
  /** Never shown to fans (left out of a review's approved set, issue #36). */
  hidden: boolean;
  /** When it was uploaded (ISO). */
  createdAt: string;
  /** When it was taken, from its EXIF (ISO; null when unknown): the "by capture time" order. */
  capturedAt: string | null;
}

export interface MediaPage {
  items: MediaItem[];
  /** Files in the whole gallery. */
  total: number;
  /**
   * When the newest of those `total` files arrived (ISO; null when none): "all N in this gallery"
   * acts only on files up to it, so one that arrives after the count was shown is never swept in.
   */
  newestAt: string | null;
  /** Files of the whole gallery still uploading or processing. */
  processing: number;
  /** The page shown (a number past the end reads as the last page), from 1. */
  page: number;
  pageCount: number;
  sort: MediaSort;
  /** Where the page's first item sits in the gallery in this order (from 0). */
  offset: number;
}

/** States a file is still on its way in: the manager polls while any is. */
export const BUSY_STATES = ["uploading", "processing"] as const satisfies ProcessingState[];

/**
 * Each order ends on the id, so files that tie (same name, no capture time, same position after
 * an upload burst) keep one order from page to page. Files without a capture time come last,
 * in upload order.
 */
export function mediaOrderBy(sort: MediaSort): Prisma.MediaFileOrderByWithRelationInput[] {
  if (sort === "name") return [{ originalName: "asc" }, { id: "asc" }];
  if (sort === "captured") {
    return [{ capturedAt: { sort: "asc", nulls: "last" } }, { createdAt: "asc" }, { id: "asc" }];
  }
  return [{ position: "asc" }, { createdAt: "asc" }, { id: "asc" }];
}

const mediaItemSelect = {
  id: true,
  kind: true,
  state: true,
  originalName: true,
  mimeType: true,
  sizeBytes: true,
  width: true,
  height: true,
  durationMs: true,
  processingError: true,
  variants: true,
  position: true,
  hidden: true,
  createdAt: true,
  capturedAt: true,
} satisfies Prisma.MediaFileSelect;

type MediaRow = Prisma.MediaFileGetPayload<{ select: typeof mediaItemSelect }>;

/** The rows as the manager shows them: a signed thumbnail and the hearts of each. */
async function toMediaItems(companyId: string, contentId: string, rows: MediaRow[]): Promise<MediaItem[]> {
  if (rows.length === 0) return [];
  const hearts = await favouriteCountsOf(
    companyId,
    contentId,
    rows.map((r) => r.id),
  );
  return Promise.all(
    rows.map(async ({ variants, sizeBytes, createdAt, capturedAt, ...m }) => ({
      ...m,
      createdAt: createdAt.toISOString(),
      capturedAt: capturedAt?.toISOString() ?? null,
      sizeBytes: Number(sizeBytes),
      thumbUrl: m.state === "ready" ? await thumbnailUrl(variants, 320) : null,
      favourites: hearts.get(m.id) ?? 0,
    })),
  );
}

/** One page of a content's files in `request.sort`, with the gallery's totals. */
export async function getMediaPage(
  companyId: string,
  contentId: string,
  request: MediaPageRequest,
): Promise<MediaPage> {
  await getContentOrThrow(db, companyId, contentId, { id: true });
  const where = { companyId, contentId };
  const [total, processing, newest] = await Promise.all([
    db.mediaFile.count({ where }),
    db.mediaFile.count({ where: { ...where, state: { in: [...BUSY_STATES] } } }),
    db.mediaFile.aggregate({ where, _max: { createdAt: true } }),
  ]);
  const pageCount = Math.max(1, Math.ceil(total / MEDIA_PAGE_SIZE));
  const page = Math.min(request.page, pageCount);
  const offset = (page - 1) * MEDIA_PAGE_SIZE;
  const rows = await db.mediaFile.findMany({
    where,
    orderBy: mediaOrderBy(request.sort),
    skip: offset,
    take: MEDIA_PAGE_SIZE,
    select: mediaItemSelect,
  });
  return {
    items: await toMediaItems(companyId, contentId, rows),
    total,
    newestAt: newest._max.createdAt?.toISOString() ?? null,
    processing,
    page,
    pageCount,
    sort: request.sort,
    offset,
  };
}

/** Files of a content named by id (a review's verdicts), in gallery order; others' ids match nothing. */
export async function getMediaItems(
  companyId: string,
  contentId: string,
  ids: readonly string[],
): Promise<MediaItem[]> {
  const rows = await db.mediaFile.findMany({
    where: { companyId, contentId, id: { in: [...ids] } },
    orderBy: mediaOrderBy("position"),
    select: mediaItemSelect,
  });
  return toMediaItems(companyId, contentId, rows);
}

/** Ready photos of a content (what a review can show). */
export function readyPhotoCount(companyId: string, contentId: string): Promise<number> {
  return db.mediaFile.count({ where: { companyId, contentId, kind: "photo", state: "ready" } });
}

/** The `limit` files fans hearted most (ties in gallery order): only they are signed. */
export async function mostFavourited(
  companyId: string,
  contentId: string,
  limit: number,
): Promise<MediaItem[]> {
  const hearts = await favouriteCountsOf(companyId, contentId);
  if (hearts.size === 0) return [];
  const hearted = await db.mediaFile.findMany({
    where: { companyId, contentId, id: { in: [...hearts.keys()] } },
    select: { id: true, position: true, createdAt: true },
  });
  const top = hearted
    .sort(
      (a, b) =>
        (hearts.get(b.id) ?? 0) - (hearts.get(a.id) ?? 0) ||
        a.position - b.position ||
        a.createdAt.getTime() - b.createdAt.getTime(),
    )
    .slice(0, limit)
    .map((m) => m.id);
  const items = await getMediaItems(companyId, contentId, top);
  return top.flatMap((id) => items.filter((m) => m.id === id));
}

/**
 * What the manager's poll needs while files process: the states of the files it shows (at most
 * a page, by id) and how many of the whole gallery are still on their way in.
 */
export async function mediaStates(
  companyId: string,
  contentId: string,
  ids: readonly string[],
): Promise<{ processing: number; states: { id: string; state: ProcessingState }[] }> {
  await getContentOrThrow(db, companyId, contentId, { id: true });
  const [states, processing] = await Promise.all([
    db.mediaFile.findMany({
      where: { companyId, contentId, id: { in: [...ids] } },
      select: { id: true, state: true },
      orderBy: { id: "asc" },
    }),
    db.mediaFile.count({ where: { companyId, contentId, state: { in: [...BUSY_STATES] } } }),
  ]);
  return { processing, states };
}
