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
