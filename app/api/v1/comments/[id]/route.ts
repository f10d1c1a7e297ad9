import {
  deleteCommentOperation,
  updateCommentOperation,
} from "@/lib/surfaces/public-api/operations/comments";
import { apiRoute } from "@/lib/surfaces/public-api/route";

export const dynamic = "force-dynamic";

// PATCH /api/v1/comments/{id} — the public API (issue #38): hide a comment from fans or show it again
export const PATCH = apiRoute<{ id: string }>(updateCommentOperation);

// DELETE /api/v1/comments/{id} — the public API (issue #38): delete a comment
export const DELETE = apiRoute<{ id: string }>(deleteCommentOperation);
