"use server";

import { revalidateTag } from "next/cache";
import { deleteComment, setCommentHidden } from "@/lib/features/comments/moderate-comment";
import { listCommentsForModeration } from "@/lib/features/comments/queries";
import { cacheTags } from "@/lib/platform/site/cache-tags";
import { adminAction } from "@/lib/platform/actions/admin-action";
import { z } from "zod";
import { recordId } from "@/lib/core/validation/common";

/**
 * Comment moderation actions on the admin content page: guard → lib (role, zod ids, company
 * scope) → typed result. The public comment list is read live; the content's cached public
 * data is expired as well, so a page that ever renders comments on the server cannot keep a
 * hidden one (only this content's tag: the company's other pages are untouched).
 */
const expireContent = (contentId: string) => revalidateTag(cacheTags.content(contentId), { expire: 0 });
const moderate = { permission: "comments.moderate" } as const;

export const loadCommentsAction = adminAction(
  { ...moderate, schema: z.tuple([recordId, z.string().max(200).nullable()]) },
  async ({ membership }, contentId: string, cursor: string | null) =>
    listCommentsForModeration(membership, { contentId, cursor }),
);

export const setCommentHiddenAction = adminAction(
  { ...moderate, schema: z.tuple([recordId, z.boolean()]) },
  async ({ membership }, commentId: string, hidden: boolean) => {
    expireContent((await setCommentHidden(membership, commentId, hidden)).contentId);
  },
);

export const deleteCommentAction = adminAction(
  { ...moderate, schema: z.tuple([recordId]) },
  async ({ membership }, commentId: string) => {
    expireContent((await deleteComment(membership, commentId)).contentId);
  },
);
