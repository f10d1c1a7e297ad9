import type { Pool } from "pg";
import { groupCommit } from "@/lib/core/db-batch";
import { fanPool } from "@/lib/core/db-pool";
import { env } from "@/lib/core/env";
import {
  LIMITER_TABLE,
  limitStore,
  type LimitCheck,
  type LimitOutcome,
  type LimitStore,
  worstOutcome,
} from "@/lib/core/rate-limit/limiter";

/**
 * The limiter for the fans' hottest path (the engagement API), counting in groups: the
 * checks that arrive while a statement runs go together in the next one (lib/core/db-batch.ts).
 * Same table, rows and rule as `rate-limiter-flexible`'s Postgres store (`postgresLimitStore`):
 * the key `w<window>:<key>`, its points and the expiry in epoch milliseconds; a row past its
 * expiry starts a new window. So both count the same requests exactly, on every instance, and
 * a key reached through one is reached through the other. A key used k times in a statement
 * is written once with k points, and its requests get the points they would have got one
 * after another.
 *
 * A key that reached its limit is refused in this process's memory until its window ends (as
 * the library's `inMemoryBlockOnConsumed`), so a hammering client costs no database work
 * here; it is blocked only after the database counted it used up, so the block never lets
 * more through than the shared count allows. Unlike the library, nothing answers when the
 * database fails (no insurance limiter): the engagement API's work needs the database anyway.
 */
export const MAX_CHECKS_PER_STATEMENT = 512;

const CONSUME_SQL = `
WITH hits AS (
  SELECT "key", count(*)::int AS "n" FROM unnest($1::text[]) AS t("key") GROUP BY "key"
)
INSERT INTO "${LIMITER_TABLE}" AS r ("key", "points", "expire")
SELECT "key", "n", $2::bigint FROM hits
ON CONFLICT ("key") DO UPDATE SET
  "points" = CASE WHEN r."expire" <= $3::bigint THEN EXCLUDED."points" ELSE r."points" + EXCLUDED."points" END,
  "expire" = CASE WHEN r."expire" <= $3::bigint THEN EXCLUDED."expire" ELSE r."expire" END
RETURNING "key", "points", "expire"`;

interface Hit {
  /** The row's key, `w<window>:<key>`. */
  rowKey: string;
  key: string;
  limit: number;
  windowSeconds: number;
}

interface Row {
  key: string;
  points: number;
  expire: string;
}

/** Blocks kept at most (expired ones are dropped first); past it, new blocks are not kept. */
const MAX_BLOCKED_KEYS = 100_000;

export function batchedLimitStore(pool: () => Pool): LimitStore {
  const blockedUntil = new Map<string, number>();

  const block = (rowKey: string, until: number) => {
    if (blockedUntil.size >= MAX_BLOCKED_KEYS) {
      const now = Date.now();
      for (const [key, end] of blockedUntil) if (end <= now) blockedUntil.delete(key);
      if (blockedUntil.size >= MAX_BLOCKED_KEYS) return;
    }
    blockedUntil.set(rowKey, until);
  };

  const refused = (key: string, until: number, now: number): LimitOutcome => ({
    allowed: false,
    key,
    retryAfter: Math.max(1, Math.ceil((until - now) / 1000)),
  });

  async function run(batch: readonly Hit[]): Promise<LimitOutcome[]> {
    // One statement per window length: the expiry given to new rows depends on it.
    const byWindow = new Map<number, Hit[]>();
    for (const hit of batch)
      byWindow.set(hit.windowSeconds, [...(byWindow.get(hit.windowSeconds) ?? []), hit]);
    const rows = new Map<string, { points: number; expire: number }>();
    const now = Date.now();
    for (const [windowSeconds, hits] of byWindow) {
      const result = await pool().query<Row>({
        name: "afterglow-limit-batch",
        text: CONSUME_SQL,
        values: [hits.map((hit) => hit.rowKey), now + windowSeconds * 1000, now],
      });
      for (const row of result.rows) rows.set(row.key, { points: row.points, expire: Number(row.expire) });
    }
    // The k-th of n requests of a key gets the points it would have got alone: total − n + k.
    const left = new Map<string, number>();
    for (const hit of batch) left.set(hit.rowKey, (left.get(hit.rowKey) ?? 0) + 1);
    return batch.map((hit) => {
      const row = rows.get(hit.rowKey)!;
      const after = left.get(hit.rowKey)! - 1;
      left.set(hit.rowKey, after);
      const points = row.points - after;
      if (points >= hit.limit) block(hit.rowKey, row.expire);
      return points > hit.limit ? refused(hit.key, row.expire, now) : { allowed: true };
    });
  }

  const consumeOne = groupCommit<Hit, LimitOutcome>({ run, max: MAX_CHECKS_PER_STATEMENT });

  return {
    async consume(checks, windowSeconds) {
      const now = Date.now();
      const outcomes = await Promise.all(
        checks.map(({ key, limit }: LimitCheck) => {
          const rowKey = `w${windowSeconds}:${key}`;
          const until = blockedUntil.get(rowKey);
          if (until !== undefined) {
            if (until > now) return refused(key, until, now);
            blockedUntil.delete(rowKey);
          }
          return consumeOne({ rowKey, key, limit, windowSeconds });
        }),
      );
      return worstOutcome(outcomes);
    },
  };
}

const batchedFanStore = batchedLimitStore(fanPool);

/**
 * The engagement API's store: batched on the fans' pool (lib/core/db-pool.ts); with `REDIS_URL`,
 * the process's one store on Redis, so that every limit is counted in one place.
 */
export const fanLimitStore: LimitStore = {
  consume: (checks, windowSeconds) =>
    (env.REDIS_URL ? limitStore() : batchedFanStore).consume(checks, windowSeconds),
};
