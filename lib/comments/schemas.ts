import { z } from "zod";

/** Inputs of the admin's comment moderation (ids and paging only: moderation edits no text). */
export const COMMENTS_PAGE_SIZE = 20;

export const commentIdSchema = z.string().trim().min(1).max(64);

export const moderationListSchema = z.object({
  contentId: z.string().trim().min(1).max(64),
  cursor: z.string().max(200).nullish(),
  limit: z.number().int().min(1).max(50).default(COMMENTS_PAGE_SIZE),
});
export type ModerationListInput = z.input<typeof moderationListSchema>;

export interface CommentCursor {
  createdAt: Date;
  id: string;
}

/** The position after the last comment shown, as an opaque string for "load more". */
export function encodeCursor(cursor: CommentCursor): string {
  return Buffer.from(`${cursor.createdAt.toISOString()}|${cursor.id}`).toString("base64url");
}

/** The position, or null for a cursor that was not ours (then the list starts over). */
export function decodeCursor(value: string | null | undefined): CommentCursor | null {
  if (!value) return null;
  const [iso, id] = Buffer.from(value, "base64url").toString("utf8").split("|");
  const createdAt = new Date(iso ?? "");
  if (!id || Number.isNaN(createdAt.getTime())) return null;
  return { createdAt, id };
}
