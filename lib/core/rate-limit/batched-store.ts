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
 *
 * A key with a large limit is counted in leases: its statement takes `leaseSize(limit)` points
 * at once and this process hands the ones the database granted out from memory until they run
 * out or the window ends. A crowd's first visits behind one NAT address all add to the one key
 * of new visitors (3,000 a minute): without a lease each waited for a statement of its own
 * turn; with it one statement in 30 (issue #35). Every point handed out was counted first, so a
 * lease never lets more through than the shared count allows; the cost is that points leased
 * by a process and not used are counted all the same, so a key can be refused up to
 * `leaseSize − 1` requests early per process — at most 1 % of its limit each.
 */
export const MAX_CHECKS_PER_STATEMENT = 512;

/** The most points one statement leases for one key. */
export const MAX_LEASE = 32;

/** Points leased per statement for a key of this limit: 1 % of it, from 1 (no lease) to MAX_LEASE. */
export function leaseSize(limit: number): number {
  return Math.max(1, Math.min(MAX_LEASE, Math.floor(limit / 100)));
}

const CONSUME_SQL = `
WITH hits AS (
  SELECT "key", sum("w")::int AS "n" FROM unnest($1::text[], $4::int[]) AS t("key", "w") GROUP BY "key"
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
  /** Points taken at once: 1, or a lease (`leaseSize`). */
  weight: number;
}

/** What the database granted a hit: its points within the limit (0: refused), and the window's end. */
interface Grant {
  granted: number;
  expire: number;
}

interface Row {
  key: string;
  points: number;
  expire: string;
}

/** Blocks, and leases, kept at most; past it the oldest one is forgotten to keep the new one. */
const MAX_BLOCKED_KEYS = 100_000;

/**
 * Keeps a key's block or lease, forgetting the one kept longest when the map is full: O(1), so
 * a client that fills the map with keys of its own makes no request scan it. Forgetting is
 * always safe: a forgotten block is counted by the database again, and a forgotten lease's
 * points were counted already, so fewer are let through, never more.
 */
function remember<T>(map: Map<string, T>, memoKey: string, value: T): void {
  map.delete(memoKey);
  if (map.size >= MAX_BLOCKED_KEYS) map.delete(map.keys().next().value!);
  map.set(memoKey, value);
}

/**
 * The key of a limit's block or lease in this process: the row's key and the limit, so that
 * two checks counting the same row under different limits never hand out each other's points
 * or blocks (the row itself is shared, as with the library).
 */
const memoKeyOf = (rowKey: string, limit: number) => `${limit}:${rowKey}`;

export function batchedLimitStore(pool: () => Pool): LimitStore {
  const blockedUntil = new Map<string, number>();

  const block = (memoKey: string, until: number) => remember(blockedUntil, memoKey, until);

  const refused = (key: string, until: number, now: number): LimitOutcome => ({
    allowed: false,
    key,
    retryAfter: Math.max(1, Math.ceil((until - now) / 1000)),
  });

  async function run(batch: readonly Hit[]): Promise<Grant[]> {
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
        values: [
          hits.map((hit) => hit.rowKey),
          now + windowSeconds * 1000,
          now,
          hits.map((hit) => hit.weight),
        ],
      });
      for (const row of result.rows) rows.set(row.key, { points: row.points, expire: Number(row.expire) });
    }
    // The hits of a key take its points in order: the k-th ends where the total less the later ones' weights does.
    const later = new Map<string, number>();
    for (const hit of batch) later.set(hit.rowKey, (later.get(hit.rowKey) ?? 0) + hit.weight);
    return batch.map((hit) => {
      const row = rows.get(hit.rowKey)!;
      const after = later.get(hit.rowKey)! - hit.weight;
      later.set(hit.rowKey, after);
      const end = row.points - after;
      if (end >= hit.limit) block(memoKeyOf(hit.rowKey, hit.limit), row.expire);
      return {
        granted: Math.max(0, Math.min(hit.weight, hit.limit - (end - hit.weight))),
        expire: row.expire,
      };
    });
  }

  const consumeOne = groupCommit<Hit, Grant>({ run, max: MAX_CHECKS_PER_STATEMENT });

  /** Points of a leased key this process was granted and has not handed out, until the window's end. */
  const leases = new Map<string, Grant>();
  /**
   * A lease being asked for: the key's other requests wait for its answer rather than ask for
   * their own. If the statement fails they fail with it, at once: retried one after another,
   * a database outage would queue every waiting request behind a timeout of its own.
   */
  const leasing = new Map<string, Promise<Grant>>();

  async function consumeCheck({ key, limit }: LimitCheck, windowSeconds: number): Promise<LimitOutcome> {
    const rowKey = `w${windowSeconds}:${key}`;
    const memoKey = memoKeyOf(rowKey, limit);
    const weight = leaseSize(limit);
    for (;;) {
      const now = Date.now();
      const lease = leases.get(memoKey);
      if (lease && lease.expire > now && lease.granted > 0) {
        lease.granted--;
        return { allowed: true };
      }
      if (lease) leases.delete(memoKey);
      const until = blockedUntil.get(memoKey);
      if (until !== undefined) {
        if (until > now) return refused(key, until, now);
        blockedUntil.delete(memoKey);
      }
      if (weight === 1) {
        const { granted, expire } = await consumeOne({ rowKey, key, limit, windowSeconds, weight });
        return granted > 0 ? { allowed: true } : refused(key, expire, now);
      }
      const pending = leasing.get(memoKey);
      if (pending) {
        await pending;
        continue;
      }
      // This request takes the lease's first point; the rest wait in `leases` for the next ones.
      const asked = consumeOne({ rowKey, key, limit, windowSeconds, weight });
      leasing.set(memoKey, asked);
      try {
        const { granted, expire } = await asked;
        if (granted > 1) remember(leases, memoKey, { granted: granted - 1, expire });
        return granted > 0 ? { allowed: true } : refused(key, expire, now);
      } finally {
        leasing.delete(memoKey);
      }
    }
  }

  return {
    async consume(checks, windowSeconds) {
      return worstOutcome(await Promise.all(checks.map((check) => consumeCheck(check, windowSeconds))));
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
