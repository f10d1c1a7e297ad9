"use server";

import { revalidateTag } from "next/cache";
import { deleteComment, setCommentHidden } from "@/lib/comments/moderate-comment";
import { listCommentsForModeration, type ModerationPage } from "@/lib/comments/queries";
import { toActionError, type ActionResult } from "@/lib/errors";
import { cacheTags } from "@/lib/public/cache-tags";
import { requireMembership } from "@/lib/tenancy/guard";

/**
 * Comment moderation actions on the admin content page: guard → lib (role, zod ids, company
 * scope) → typed result. The public comment list is read live; the content's cached public
 * data is expired as well, so a page that ever renders comments on the server cannot keep a
 * hidden one (only this content's tag: the company's other pages are untouched).
 */
const expireContent = (contentId: string) => revalidateTag(cacheTags.content(contentId), { expire: 0 });

export async function loadCommentsAction(
  contentId: string,
  cursor: string | null,
): Promise<ActionResult<ModerationPage>> {
  try {
    const membership = await requireMembership();
    return { ok: true, data: await listCommentsForModeration(membership, { contentId, cursor }) };
  } catch (error) {
    return toActionError(error, { action: "loadComments" });
  }
}

export async function setCommentHiddenAction(commentId: string, hidden: boolean): Promise<ActionResult> {
  try {
    const membership = await requireMembership();
    const { contentId } = await setCommentHidden(membership, commentId, hidden === true);
    expireContent(contentId);
    return { ok: true, data: undefined };
  } catch (error) {
    return toActionError(error, { action: "setCommentHidden" });
  }
}

export async function deleteCommentAction(commentId: string): Promise<ActionResult> {
  try {
    const membership = await requireMembership();
    const { contentId } = await deleteComment(membership, commentId);
    expireContent(contentId);
    return { ok: true, data: undefined };
  } catch (error) {
    return toActionError(error, { action: "deleteComment" });
  }
}
