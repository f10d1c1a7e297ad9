import "server-only";
import { recordAudit } from "@/lib/core/audit/record";
import { commentIdSchema } from "@/lib/features/comments/schemas";
import { assertCanManage } from "@/lib/features/content/access";
import { db } from "@/lib/core/db";
import { AppError } from "@/lib/core/errors";
import type { Membership } from "@/lib/platform/tenancy/membership";

/**
 * Comment moderation (issue #6 §6): admins and managers hide, show again or delete a comment
 * of their company. The company is part of every where-clause, so another company's comment
 * id is "not found". The public list reads `hidden = false` live, so a hidden comment is gone
 * from it on the next request.
 *
 * Moderation writes no engagement row, and deleting a comment leaves its `comment` engagement
 * row in place: analytics count that a fan commented, which did happen; the text is gone.
 */

async function commentOfCompany(companyId: string, commentId: unknown) {
  const id = commentIdSchema.safeParse(commentId);
  const comment = id.success
    ? await db.comment.findFirst({ where: { id: id.data, companyId }, select: { id: true, contentId: true } })
    : null;
  if (!comment) throw new AppError("not_found", "content.comments.errors.notFound");
  return comment;
}

async function audit(membership: Membership, commentId: string, operation: string) {
  await recordAudit({
    action: "admin_privileged_action",
    tableName: "comment",
    recordId: commentId,
    userId: membership.userId,
    companyId: membership.company.id,
    details: { operation },
  });
}

export async function setCommentHidden(
  membership: Membership,
  commentId: unknown,
  hidden: boolean,
): Promise<{ contentId: string }> {
  assertCanManage(membership);
  const companyId = membership.company.id;
  const comment = await commentOfCompany(companyId, commentId);
  await db.comment.updateMany({ where: { id: comment.id, companyId }, data: { hidden } });
  await audit(membership, comment.id, hidden ? "comment_hidden" : "comment_shown");
  return { contentId: comment.contentId };
}

export async function deleteComment(
  membership: Membership,
  commentId: unknown,
): Promise<{ contentId: string }> {
  assertCanManage(membership);
  const companyId = membership.company.id;
  const comment = await commentOfCompany(companyId, commentId);
  await db.comment.deleteMany({ where: { id: comment.id, companyId } });
  await audit(membership, comment.id, "comment_deleted");
  return { contentId: comment.contentId };
}
