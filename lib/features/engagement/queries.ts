import { ttlCache } from "@/lib/core/cache/ttl-cache";
import { db } from "@/lib/core/db";
import { getPublicContentOrThrow } from "@/lib/features/engagement/get-public-content-or-throw";
import { COMMENTS_PAGE_DEFAULT, COMMENTS_PAGE_MAX } from "@/lib/features/engagement/schemas";
import { SHARED_SUMMARY_TTL_MS } from "@/lib/features/engagement/summary";
import type { Prisma } from "@/lib/generated/prisma/client";
import { clearWithPublicCaches } from "@/lib/platform/site/public-cache-listeners";
import { decodeCursor, keysetPage, newestFirst, whereAfter } from "@/lib/core/pagination/keyset";

export interface EngagementSummary {
  likes: number;
  liked: boolean;
  /** Visible comments. */
  comments: number;
  /** This visitor already left a lead for the content's company (the gate opens at once). */
  leadOnFile: boolean;
}

export interface CommentDto {
  id: string;
  /** null: the UI shows "Anonymous User". */
  authorName: string | null;
  rating: number;
  text: string;
  createdAt: string;
}

export interface CommentPage {
  comments: CommentDto[];
  nextCursor: string | null;
  total: number;
}

export const commentSelect = {
  id: true,
  authorName: true,
  rating: true,
  text: true,
  createdAt: true,
} satisfies Prisma.CommentSelect;

export function toCommentDto(row: Prisma.CommentGetPayload<{ select: typeof commentSelect }>): CommentDto {
  return {
    id: row.id,
    authorName: row.authorName || null,
    // Rows written before ratings were required count as the middle of the scale.
    rating: row.rating ?? 3,
    text: row.text,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function hasLeadOnFile(companyId: string, visitorId: string): Promise<boolean> {
  const lead = await db.lead.findFirst({ where: { companyId, visitorId }, select: { id: true } });
  return lead !== null;
}

const firstPageKey = (contentId: string, limit: number) => `${contentId}\n${limit}`;

/** First pages of comments, shared for the same bound as a first visit's summary (summary.ts). */
const sharedFirstPages = ttlCache<CommentPage>({ ttlMs: SHARED_SUMMARY_TTL_MS, maxEntries: 10_000 });
// A comment hidden or a content taken down on any instance expires its cache tag: forgotten at once.
clearWithPublicCaches(sharedFirstPages);

/**
 * Visible comments, newest first; an unreadable cursor starts from the top. `shared`: a first page
 * (no cursor) may be the one this process read at most SHARED_SUMMARY_TTL_MS ago — nothing in it
 * is the asker's, and every player opening asks for it (issue #35). A comment posted through this
 * process clears it at once (`forgetSharedComments`); one posted through another shows within the
 * bound, as a hidden one disappears.
 */
export async function listComments(
  contentId: string,
  page: { cursor?: string; limit?: number } = {},
  options: { shared?: boolean } = {},
): Promise<CommentPage> {
  // The page the player asks for first: no cursor (its size is one of COMMENTS_PAGE_MAX).
  if (options.shared && !page.cursor) {
    const limit = page.limit ?? COMMENTS_PAGE_DEFAULT;
    return sharedFirstPages.get(firstPageKey(contentId, limit), () => readComments(contentId, { limit }));
  }
  return readComments(contentId, page);
}

/** Forgets the shared first pages of a content this process just changed (a new comment). */
export function forgetSharedComments(contentId: string): void {
  for (let limit = 1; limit <= COMMENTS_PAGE_MAX; limit++)
    sharedFirstPages.delete(firstPageKey(contentId, limit));
}

async function readComments(
  contentId: string,
  page: { cursor?: string; limit?: number },
): Promise<CommentPage> {
  const content = await getPublicContentOrThrow(contentId);
  const limit = page.limit ?? COMMENTS_PAGE_DEFAULT;
  const visible = { contentId: content.id, hidden: false } satisfies Prisma.CommentWhereInput;
  const [rows, total] = await Promise.all([
    db.comment.findMany({
      where: whereAfter(visible, decodeCursor(page.cursor)),
      orderBy: [...newestFirst],
      take: limit + 1,
      select: commentSelect,
    }),
    db.comment.count({ where: visible }),
  ]);
  const shown = keysetPage(rows, limit);
  return { comments: shown.rows.map(toCommentDto), nextCursor: shown.nextCursor, total };
}
