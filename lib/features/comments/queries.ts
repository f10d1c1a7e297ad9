import "server-only";
import { moderationListSchema, type ModerationListInput } from "@/lib/features/comments/schemas";
import { assertCan } from "@/lib/platform/access/permissions";
import { getContentOrThrow } from "@/lib/features/content/get-content-or-throw";
import { db } from "@/lib/core/db";
import { parseOrThrow } from "@/lib/core/errors";
import {
  decodeCursor,
  keysetPage,
  keysetSlice,
  NEWEST_FIRST,
  newestFirst,
  whereAfter,
} from "@/lib/core/pagination/keyset";
import type { Membership } from "@/lib/platform/tenancy/membership";

export interface ModeratedComment {
  id: string;
  /** null shows as "Anonymous User". */
  authorName: string | null;
  rating: number | null;
  text: string;
  hidden: boolean;
  createdAt: string;
}

export interface ModerationPage {
  comments: ModeratedComment[];
  nextCursor: string | null;
  total: number;
  hiddenCount: number;
}

/**
 * A content's comments for the admin, hidden ones included, newest first, a page at a time
 * (keyset on createdAt, id). The content must be the company's (404 otherwise).
 */
export async function listCommentsForModeration(
  membership: Membership,
  input: ModerationListInput,
): Promise<ModerationPage> {
  assertCan(membership, "comments.moderate");
  const { contentId, limit, cursor } = parseOrThrow(moderationListSchema, input);
  const companyId = membership.company.id;
  await getContentOrThrow(db, companyId, contentId, { id: true });
  const scope = { companyId, contentId };
  const [rows, total, hiddenCount] = await Promise.all([
    db.comment.findMany({
      where: whereAfter(scope, decodeCursor(cursor)),
      orderBy: [...newestFirst],
      take: limit + 1,
      select: { id: true, authorName: true, rating: true, text: true, hidden: true, createdAt: true },
    }),
    db.comment.count({ where: scope }),
    db.comment.count({ where: { ...scope, hidden: true } }),
  ]);
  const page = keysetPage(rows, limit);
  return {
    comments: page.rows.map((c) => ({ ...c, createdAt: c.createdAt.toISOString() })),
    nextCursor: page.nextCursor,
    total,
    hiddenCount,
  };
}

/** A comment of the company-wide list (the public API, issue #38): which content it is on. */
export interface CompanyComment extends ModeratedComment {
  contentId: string;
}

/**
 * The company's comments, hidden ones included, newest first, a page after `cursor` (keyset on
 * createdAt, id), optionally of one content and/or by `hidden`. A content of another company is
 * a filter that matches nothing, like the leads list's: the company is in the where-clause.
 */
export async function listCompanyComments(
  membership: Membership,
  filters: { cursor?: string; contentId?: string; hidden?: boolean },
  limit: number,
): Promise<{ comments: CompanyComment[]; nextCursor: string | null }> {
  assertCan(membership, "comments.moderate");
  const where = {
    companyId: membership.company.id,
    ...(filters.contentId === undefined ? {} : { contentId: filters.contentId }),
    ...(filters.hidden === undefined ? {} : { hidden: filters.hidden }),
  };
  const { rows, nextCursor } = await keysetSlice({
    order: NEWEST_FIRST,
    where,
    request: { cursor: filters.cursor },
    limit,
    find: (page) =>
      db.comment.findMany({
        ...page,
        select: {
          id: true,
          contentId: true,
          authorName: true,
          rating: true,
          text: true,
          hidden: true,
          createdAt: true,
        },
      }),
  });
  return { comments: rows.map((c) => ({ ...c, createdAt: c.createdAt.toISOString() })), nextCursor };
}
