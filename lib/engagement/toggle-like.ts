import type { Pool } from "pg";
import { dbPool } from "@/lib/db-pool";
import { notFound } from "@/lib/engagement/get-public-content-or-throw";
import {
  runLikeBatch,
  type LikeMode,
  type LikeOutcome,
  type LikeRequest,
} from "@/lib/engagement/like-statement";
import { isRecordIdShape } from "@/lib/validation/common";

export interface LikeState {
  liked: boolean;
  likes: number;
}

/** More than this many waiting likes go into the next statement (keeps one statement short). */
export const MAX_LIKES_PER_STATEMENT = 256;

interface Pending extends LikeRequest {
  settle(outcome: LikeOutcome | Error): void;
}

/**
 * Group commit: the likes that arrive while a statement is running wait for it and then go
 * together in the next one (lib/engagement/like-statement.ts), so a crowd costs a few
 * statements and commits per second instead of one per fan, and no fan waits for another's
 * row lock (each fan has rows of its own; the count is derived). Each answer still carries
 * the exact count its statement saw. One statement at a time per process; other instances run
 * their own, and the database keeps them consistent as it does any concurrent statements.
 */
export function likeBatcher(pool: () => Pool) {
  const waiting: Pending[] = [];
  let running = false;

  /** The next statement's requests: the oldest first, each (content, visitor) pair once. */
  function takeBatch(): Pending[] {
    const batch: Pending[] = [];
    const pairs = new Set<string>();
    for (let i = 0; i < waiting.length && batch.length < MAX_LIKES_PER_STATEMENT;) {
      const pair = `${waiting[i]!.contentId}\n${waiting[i]!.visitorId}`;
      if (pairs.has(pair)) {
        i++; // a second toggle of the same fan waits for the next statement, in order
        continue;
      }
      pairs.add(pair);
      batch.push(...waiting.splice(i, 1));
    }
    return batch;
  }

  async function run(batch: Pending[]): Promise<void> {
    try {
      const outcomes = await runLikeBatch(pool(), batch);
      batch.forEach((request, i) => request.settle(outcomes[i] ?? null));
    } catch (error) {
      // One request's failure must not fail the others: each goes again on its own.
      if (batch.length === 1) batch[0]!.settle(error instanceof Error ? error : new Error(String(error)));
      else await Promise.all(batch.map((request) => run([request])));
    }
  }

  async function drain(): Promise<void> {
    // Requests that arrive in the same turn of the event loop join the first statement.
    await new Promise((resolve) => setImmediate(resolve));
    try {
      while (waiting.length > 0) await run(takeBatch());
    } finally {
      running = false;
    }
  }

  return function like(request: LikeRequest): Promise<LikeOutcome> {
    return new Promise((resolve, reject) => {
      waiting.push({
        ...request,
        settle: (outcome) => (outcome instanceof Error ? reject(outcome) : resolve(outcome)),
      });
      if (!running) {
        running = true;
        void drain();
      }
    });
  };
}

const likeOnce = likeBatcher(dbPool);

/**
 * Toggles the visitor's like, or sets it when `liked` is given (a retried request then
 * changes nothing). Over all time likes − unlikes equals the rows left, and the answer's
 * count is those rows: never a stored counter. Content a fan may not see is "not found".
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
