import { db } from "@/lib/core/db";
import { getPublicContentOrThrow } from "@/lib/features/engagement/get-public-content-or-throw";
import { COMMENTS_PAGE_DEFAULT } from "@/lib/features/engagement/schemas";
import type { Prisma } from "@/lib/generated/prisma/client";
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

export async function getEngagementSummary(contentId: string, visitorId: string): Promise<EngagementSummary> {
  const content = await getPublicContentOrThrow(contentId);
  const [likeCount, liked, comments, leadOnFile] = await Promise.all([
    // The count kept beside the likes (lib/features/engagement/like-statement.ts): a few rows, not one per like.
    db.contentLikeCount.aggregate({ where: { contentId: content.id }, _sum: { likes: true } }),
    db.contentLike.findUnique({
      where: { contentId_visitorId: { contentId: content.id, visitorId } },
      select: { visitorId: true },
    }),
    db.comment.count({ where: { contentId: content.id, hidden: false } }),
    hasLeadOnFile(content.companyId, visitorId),
  ]);
  return { likes: likeCount._sum.likes ?? 0, liked: liked !== null, comments, leadOnFile };
}

/** Visible comments, newest first; an unreadable cursor starts from the top. */
export async function listComments(
  contentId: string,
  page: { cursor?: string; limit?: number } = {},
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
