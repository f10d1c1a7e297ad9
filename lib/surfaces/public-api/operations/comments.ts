import "server-only";
import { revalidateTag } from "next/cache";
import { deleteComment, setCommentHidden } from "@/lib/features/comments/moderate-comment";
import { listCompanyComments } from "@/lib/features/comments/queries";
import { cacheTags } from "@/lib/platform/site/cache-tags";
import { defineOperation } from "@/lib/surfaces/public-api/operation";
import { cursorOrThrow } from "@/lib/surfaces/public-api/operations/shared";
import {
  comment,
  commentIdParams,
  commentsQuery,
  commentUpdate,
  pageOf,
} from "@/lib/surfaces/public-api/schemas";

/**
 * Comment moderation (issue #38): the admin's list, hide/show and delete, with the key maker's
 * membership (`comments.moderate`, the company in every where-clause, the same audit rows).
 * Like the admin's actions, a change expires only its content's cached public data.
 */
const expireContent = (contentId: string) => revalidateTag(cacheTags.content(contentId), { expire: 0 });

export const listCommentsOperation = defineOperation({
  operationId: "listComments",
  method: "GET",
  path: "/comments",
  scope: "comments:read",
  tag: "Comments",
  summary: "List comments",
  description: "The company's comments for moderation, newest first, hidden ones included.",
  query: commentsQuery,
  response: { schema: pageOf(comment, "Comment"), description: "A page of comments." },
  async handle({ caller, query }) {
    const page = await listCompanyComments(
      caller.membership,
      { cursor: cursorOrThrow(query.cursor), contentId: query.contentId, hidden: query.hidden },
      query.limit,
    );
    return { data: page.comments, nextCursor: page.nextCursor };
  },
});

export const updateCommentOperation = defineOperation({
  operationId: "updateComment",
  method: "PATCH",
  path: "/comments/{id}",
  scope: "comments:write",
  tag: "Comments",
  summary: "Hide or show a comment",
  description: "Hides a comment from fans (`hidden: true`) or shows it again; fans' pages follow at once.",
  params: commentIdParams,
  body: commentUpdate,
  notFound: true,
  async handle({ caller, params, body }) {
    expireContent(
      (await setCommentHidden(caller.membership, params.id, body.hidden, { apiKeyId: caller.keyId }))
        .contentId,
    );
  },
});

export const deleteCommentOperation = defineOperation({
  operationId: "deleteComment",
  method: "DELETE",
  path: "/comments/{id}",
  scope: "comments:write",
  tag: "Comments",
  summary: "Delete a comment",
  description:
    "Deletes a comment for good. Analytics still count that it was written (as on the analytics page).",
  params: commentIdParams,
  notFound: true,
  async handle({ caller, params }) {
    expireContent((await deleteComment(caller.membership, params.id, { apiKeyId: caller.keyId })).contentId);
  },
});
