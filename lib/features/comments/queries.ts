import "server-only";
import { moderationListSchema, type ModerationListInput } from "@/lib/features/comments/schemas";
import { assertCan } from "@/lib/platform/access/permissions";
import { getContentOrThrow } from "@/lib/features/content/get-content-or-throw";
import { db } from "@/lib/core/db";
import { parseOrThrow } from "@/lib/core/errors";
import { decodeCursor, keysetPage, newestFirst, whereAfter } from "@/lib/core/pagination/keyset";
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
