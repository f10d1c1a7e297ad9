import { groupCommit } from "@/lib/core/db-batch";
import { fanPool } from "@/lib/core/db-pool";
import { notFound } from "@/lib/features/engagement/get-public-content-or-throw";
import {
  runLikeBatch,
  type LikeMode,
  type LikeOutcome,
  type LikeRequest,
} from "@/lib/features/engagement/like-statement";
import { isRecordIdShape } from "@/lib/core/validation/common";

export interface LikeState {
  liked: boolean;
  likes: number;
}

/** More than this many waiting likes go into the next statement (keeps one statement short). */
export const MAX_LIKES_PER_STATEMENT = 256;

/**
 * Likes in groups (lib/core/db-batch.ts): every like that arrives while a statement runs goes in
 * the next one, so a crowd costs a few statements and commits per second instead of one per
 * fan, and no fan waits for another's row lock (each fan has rows of its own; a group adds its
 * change to one of a content's 16 count rows). One fan's likes of a content go one statement
 * after another, in order: two toggles must see each other.
 */
const likeOnce = groupCommit<LikeRequest, LikeOutcome>({
  run: (batch) => runLikeBatch(fanPool(), batch),
  keyOf: (like) => `${like.contentId}\n${like.visitorId}`,
  max: MAX_LIKES_PER_STATEMENT,
  // One statement at a time: its commit does not wait for the disk (lib/core/db-pool.ts), so the
  // wait is short, and larger groups mean fewer statements.
  concurrency: 1,
});

/**
 * Toggles the visitor's like, or sets it when `liked` is given (a retried request then
 * changes nothing). Over all time likes − unlikes equals the rows left, and the answer's
 * count is theirs (kept beside them in the same statement, lib/features/engagement/like-statement.ts).
 * Content a fan may not see is "not found".
 */
export async function toggleLike(
  contentId: string,
  visitorId: string,
  liked?: boolean,
  source: string | null = null,
): Promise<LikeState> {
  if (!isRecordIdShape(contentId)) throw notFound();
  const mode: LikeMode = liked === undefined ? 0 : liked ? 1 : -1;
  const outcome = await likeOnce({ contentId, visitorId, mode, source });
  if (!outcome) throw notFound();
  // Toggle: a removed like leaves it off; otherwise it is on (added now or by a twin request).
  return { liked: liked ?? !outcome.removed, likes: outcome.likes };
}
