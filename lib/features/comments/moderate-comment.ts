import "server-only";
import { recordMemberAudit } from "@/lib/core/audit/record";
import { commentIdSchema } from "@/lib/features/comments/schemas";
import { assertCan } from "@/lib/platform/access/permissions";
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

/** The public API's key that asked (issue #38), kept in the audit row. */
export interface ModerationOptions {
  apiKeyId?: string;
}

function audit(
  membership: Membership,
  commentId: string,
  operation: string,
  options: ModerationOptions,
): Promise<void> {
  return recordMemberAudit(membership, {
    record: { table: "comment", id: commentId },
    details: { operation, ...(options.apiKeyId ? { via: "api", apiKeyId: options.apiKeyId } : {}) },
  });
}

export async function setCommentHidden(
  membership: Membership,
  commentId: unknown,
  hidden: boolean,
  options: ModerationOptions = {},
): Promise<{ contentId: string }> {
  assertCan(membership, "comments.moderate");
  const companyId = membership.company.id;
  const comment = await commentOfCompany(companyId, commentId);
  await db.comment.updateMany({ where: { id: comment.id, companyId }, data: { hidden } });
  await audit(membership, comment.id, hidden ? "comment_hidden" : "comment_shown", options);
  return { contentId: comment.contentId };
}

export async function deleteComment(
  membership: Membership,
  commentId: unknown,
  options: ModerationOptions = {},
): Promise<{ contentId: string }> {
  assertCan(membership, "comments.moderate");
  const companyId = membership.company.id;
  const comment = await commentOfCompany(companyId, commentId);
  await db.comment.deleteMany({ where: { id: comment.id, companyId } });
  await audit(membership, comment.id, "comment_deleted", options);
  return { contentId: comment.contentId };
}
