import type { Redis } from "ioredis";
import type { Pool } from "pg";
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRedis,
  RateLimiterRes,
} from "rate-limiter-flexible";
import { fanPool } from "@/lib/core/db-pool";
import { env } from "@/lib/core/env";
import { AppError } from "@/lib/core/errors";
import { redisConnection, reportRedisTrouble } from "@/lib/core/rate-limit/redis";

/**
 * The app's one rate limiter: `rate-limiter-flexible` on its Postgres store (the
 * `rate_limiter` table), so every app instance on the database counts the same requests
 * exactly. Each check is one atomic upsert on its own key's row (no transaction, no lock
 * order, nothing read back and rewritten). With `REDIS_URL` the counts live in Redis
 * instead (the library's Redis store, one atomic script per check), for every limit and
 * every instance alike, so a large deployment's database sees none of them.
 *
 * A key over its limit is also blocked in this process's memory until its window ends
 * (`inMemoryBlockOnConsumed`): a hammering client then costs no store write at all on
 * this instance; another instance still asks the store, which says no. A key is only
 * memory-blocked after the store reported it used up, so the block never lets more
 * through than the shared count allows.
 *
 * Hot rows are a matter of the keys callers choose: a key that every request of a crowd
 * updates (one NAT address) serialises that crowd on one row. See lib/platform/visitors/limits.ts
 * for how the fan-facing limits avoid it.
 *
 * If the store fails, a per-process in-memory limiter with the same limits answers
 * (`insuranceLimiter`): limits stay on, per instance, instead of every request failing.
 *
 * Counts of failures rather than requests (wrong passwords) use the same store through
 * `peekLimits`, `strikeLimits` and `resetLimits`, or, where parallel attempts must not all pass
 * a check before any is counted (sign-in), `claimLimits`, `unclaimLimits` and `holdLimits`
 * (`FailureLimitStore`).
 */
export interface LimitCheck {
  /** Already free of personal data (hash an IP before it becomes part of a key); ≤ 200 characters. */
  key: string;
  /** Requests allowed per window. */
  limit: number;
}

export type LimitOutcome =
  | { allowed: true }
  | {
      allowed: false;
      /** Seconds until the blocking window ends (at least 1). */
      retryAfter: number;
      /** The key that blocked. */
      key: string;
    };

/** The 429 of a limit: the one error mapper sends `retryAfter` as the `Retry-After` header. */
export function rateLimited(retryAfter: number, messageKey = "engagement.errors.rateLimited"): AppError {
  return new AppError("rate_limited", messageKey, { retryAfter });
}

export const LIMITER_TABLE = "rate_limiter";

/** Counts requests against keys; one per pool (an app instance has one). */
export interface LimitStore {
  consume(checks: readonly LimitCheck[], windowSeconds: number): Promise<LimitOutcome>;
}

/**
 * The calls a count of failures needs beside `consume` (the sign-in limits,
 * lib/platform/auth/login-throttle.ts), on the same keys and rows:
 * - `peek`: the outcome the next `consume` would get (refused once a key reached its limit),
 *   counting nothing: a sign-in is checked before it is known to fail;
 * - `strike`: counts one failure; a key that reaches its limit is refused for a whole window
 *   from that failure (each further one renews it), however far into its window it came, so a
 *   lock-out always lasts the window;
 * - `reset`: forgets the keys (a successful sign-in clears its failures).
 * Each is one atomic statement per key (two for the strike that reaches a limit: the count, then
 * the renewal, which only ever lengthens a refusal).
 */
export interface FailureLimitStore extends LimitStore {
  peek(checks: readonly LimitCheck[], windowSeconds: number): Promise<LimitOutcome>;
  strike(checks: readonly LimitCheck[], windowSeconds: number): Promise<LimitOutcome>;
  reset(checks: readonly LimitCheck[], windowSeconds: number): Promise<void>;
  /**
   * Counts one attempt per check before its outcome is known, in the same atomic statement that
   * tells its number, so of N parallel attempts exactly those within the limit are allowed (a
   * `peek` then a `strike` let a parallel burst all pass the peek). One outcome per check, in order.
   */
  claim(checks: readonly LimitCheck[], windowSeconds: number): Promise<LimitOutcome[]>;
  /** Takes back one claimed attempt per check (it turned out not to be a failure, or was refused). */
  unclaim(checks: readonly LimitCheck[], windowSeconds: number): Promise<void>;
  /** A key whose count has reached its limit is refused for a whole window from now (`strike`'s renewal). */
  hold(checks: readonly LimitCheck[], windowSeconds: number): Promise<void>;
  /** Counts one request against one key and tells the count (an API's `RateLimit-*` headers). */
  meter(check: LimitCheck, windowSeconds: number): Promise<LimitMeter>;
}

/** One counted request, told back: whether it is within the limit, what is left, when the window ends. */
export interface LimitMeter {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window ends (at least 1). */
  resetSeconds: number;
}

const refusedFor = (key: string, msBeforeNext: number): LimitOutcome => ({
  allowed: false,
  key,
  retryAfter: Math.max(1, Math.ceil(msBeforeNext / 1000)),
});

/** The options every store of the library gets for one (limit, window). */
interface LimiterShape {
  keyPrefix: string;
  points: number;
  duration: number;
  inMemoryBlockOnConsumed: number;
}

/**
 * A `LimitStore` on one of the library's stores. One limiter per (limit, window): the library
 * fixes both per instance. Keys of one window share a prefix, so one key checked against two
 * limits counts once (the lower limit wins).
 */
function libraryLimitStore(
  create: (shape: LimiterShape, first: boolean) => RateLimiterAbstract,
  takeBack: TakeBack = takeBackInMemory,
): FailureLimitStore {
  const limiters = new Map<string, RateLimiterAbstract>();
  const limiterFor = (limit: number, windowSeconds: number) => {
    const id = `${limit}/${windowSeconds}`;
    let limiter = limiters.get(id);
    if (!limiter) {
      const keyPrefix = `w${windowSeconds}`;
      limiter = create(
        { keyPrefix, points: limit, duration: windowSeconds, inMemoryBlockOnConsumed: limit },
        limiters.size === 0,
      );
      limiters.set(id, limiter);
    }
    return limiter;
  };

  return {
    async consume(checks, windowSeconds) {
      const outcomes = await Promise.all(
        checks.map(async ({ key, limit }): Promise<LimitOutcome> => {
          try {
            await limiterFor(limit, windowSeconds).consume(key);
            return { allowed: true };
          } catch (rejection) {
            // The library rejects with a RateLimiterRes when over the limit, an Error otherwise.
            if (!(rejection instanceof RateLimiterRes)) throw rejection;
            return refusedFor(key, rejection.msBeforeNext);
          }
        }),
      );
      return worstOutcome(outcomes);
    },
    // `get`, `penalty`, `block` and `delete` go to the store (and to the insurance limiter when
    // it fails), never to the in-memory block of `consume`: that block would outlive a reset
    // made on another instance.
    async peek(checks, windowSeconds) {
      const outcomes = await Promise.all(
        checks.map(async ({ key, limit }): Promise<LimitOutcome> => {
          const state = await limiterFor(limit, windowSeconds).get(key);
          return state && state.consumedPoints >= limit
            ? refusedFor(key, state.msBeforeNext)
            : { allowed: true };
        }),
      );
      return worstOutcome(outcomes);
    },
    async strike(checks, windowSeconds) {
      const outcomes = await Promise.all(
        checks.map(async ({ key, limit }): Promise<LimitOutcome> => {
          const limiter = limiterFor(limit, windowSeconds);
          // `penalty` is `consume` that never refuses: the atomic count, told back.
          if ((await limiter.penalty(key)).consumedPoints < limit) return { allowed: true };
          // Sets the key past its limit until a window from now.
          await limiter.block(key, windowSeconds);
          return refusedFor(key, windowSeconds * 1000);
        }),
      );
      return worstOutcome(outcomes);
    },
    async reset(checks, windowSeconds) {
      await Promise.all(checks.map(({ key, limit }) => limiterFor(limit, windowSeconds).delete(key)));
    },
    claim(checks, windowSeconds) {
      return Promise.all(
        checks.map(async ({ key, limit }): Promise<LimitOutcome> => {
          const state = await limiterFor(limit, windowSeconds).penalty(key);
          return state.consumedPoints > limit ? refusedFor(key, state.msBeforeNext) : { allowed: true };
        }),
      );
    },
    async unclaim(checks, windowSeconds) {
      await Promise.all(checks.map(({ key, limit }) => takeBack(limiterFor(limit, windowSeconds), key)));
    },
    async meter({ key, limit }, windowSeconds) {
      // `penalty` is the atomic count that never refuses, told back (as `claim`).
      const state = await limiterFor(limit, windowSeconds).penalty(key);
      return {
        allowed: state.consumedPoints <= limit,
        limit,
        remaining: Math.max(0, limit - state.consumedPoints),
        resetSeconds: Math.max(1, Math.ceil(state.msBeforeNext / 1000)),
      };
    },
    async hold(checks, windowSeconds) {
      await Promise.all(
        checks.map(async ({ key, limit }) => {
          const limiter = limiterFor(limit, windowSeconds);
          const state = await limiter.get(key);
          if (state && state.consumedPoints >= limit) await limiter.block(key, windowSeconds);
        }),
      );
    },
  };
}

/**
 * Takes back one claimed point of `key`, never below zero and never on a window that has ended:
 * the library's `reward` is a negative `penalty`, which re-creates an expired key at -1, so
 * unclaims after the window (a slow password check across its end) could bank extra attempts
 * (issue #34 review, L1: 20 such unclaims let 25 guesses through a limit of 5). A window that
 * ended and was started again by later claims can still be decremented once per claim taken back.
 */
type TakeBack = (limiter: RateLimiterAbstract, key: string) => Promise<void>;

/** For the library's in-memory limiter (one process: the read and the reward are not interleaved with another check of this key's count in a way that matters). */
async function takeBackInMemory(limiter: RateLimiterAbstract, key: string): Promise<void> {
  const state = await limiter.get(key);
  if (state && state.consumedPoints > 0 && state.msBeforeNext > 0) await limiter.reward(key, 1);
}

/** A store on `pool`: the app's uses its own small pool (`limitStore()`); tests make several. */
export function postgresLimitStore(pool: Pool): FailureLimitStore {
  return libraryLimitStore(
    (shape, first) =>
      new RateLimiterPostgres({
        ...shape,
        // While the database fails, this process counts alone, with the same limits.
        insuranceLimiter: new RateLimiterMemory({
          keyPrefix: shape.keyPrefix,
          points: shape.points,
          duration: shape.duration,
        }),
        storeClient: pool,
        storeType: "pool",
        tableName: LIMITER_TABLE,
        // The migration creates the table; the library must not try DDL at start.
        tableCreated: true,
        // Only the first limiter sweeps expired rows (every 5 minutes, rows older than an hour).
        clearExpiredByTimeout: first,
      }),
    async (limiter, key) => {
      try {
        // One statement: decremented only while positive and in its window (rows of ended
        // windows are left for the library to start afresh).
        await pool.query(
          `UPDATE "${LIMITER_TABLE}" SET points = points - 1 WHERE key = $1 AND points > 0 AND (expire IS NULL OR expire > $2)`,
          [limiter.getKey(key), Date.now()],
        );
      } catch {
        // The database failed: the insurance limiter counts meanwhile.
        await takeBackInMemory(limiter, key);
      }
    },
  );
}

/** DECR only a key that exists (its window has not ended) and is above zero; its TTL stays. */
const REDIS_TAKE_BACK =
  "local v = tonumber(redis.call('get', KEYS[1])) if v and v > 0 then return redis.call('decr', KEYS[1]) end return v";

/** How long a Redis that failed a check is left alone before it is asked again. */
export const REDIS_PAUSE_MS = 5_000;

/**
 * A store on Redis (`REDIS_URL`): the library's atomic increment-with-expiry script, one round
 * trip per check (ioredis pipelines the checks that arrive together). Keys are namespaced
 * `afterglow:` so the Redis can be shared.
 *
 * A fan's request never waits on Redis for long: while the connection is not up the checks
 * count in this process's memory, and a check that fails (a timeout of a stalled Redis, a
 * refused command: no permission, read-only replica, out of memory) is logged and sends the
 * next `REDIS_PAUSE_MS` of checks to memory too, instead of each paying the timeout again.
 * Limits stay on meanwhile, per instance.
 */
export function redisLimitStore(client: Redis): FailureLimitStore {
  const onRedis = libraryLimitStore(
    (shape) =>
      new RateLimiterRedis({
        ...shape,
        keyPrefix: `afterglow:${shape.keyPrefix}`,
        storeClient: client,
      }),
    async (limiter, key) => {
      await client.eval(REDIS_TAKE_BACK, 1, limiter.getKey(key));
    },
  );
  const inMemory = libraryLimitStore(
    ({ keyPrefix, points, duration }) => new RateLimiterMemory({ keyPrefix, points, duration }),
  );
  let pausedUntil = 0;
  async function onRedisElseInMemory<T>(call: (store: FailureLimitStore) => Promise<T>): Promise<T> {
    if (client.status === "ready" && Date.now() >= pausedUntil) {
      try {
        return await call(onRedis);
      } catch (error) {
        pausedUntil = Date.now() + REDIS_PAUSE_MS;
        reportRedisTrouble(error);
      }
    }
    return call(inMemory);
  }
  return {
    consume: (checks, windowSeconds) => onRedisElseInMemory((store) => store.consume(checks, windowSeconds)),
    peek: (checks, windowSeconds) => onRedisElseInMemory((store) => store.peek(checks, windowSeconds)),
    strike: (checks, windowSeconds) => onRedisElseInMemory((store) => store.strike(checks, windowSeconds)),
    reset: (checks, windowSeconds) => onRedisElseInMemory((store) => store.reset(checks, windowSeconds)),
    claim: (checks, windowSeconds) => onRedisElseInMemory((store) => store.claim(checks, windowSeconds)),
    unclaim: (checks, windowSeconds) => onRedisElseInMemory((store) => store.unclaim(checks, windowSeconds)),
    hold: (checks, windowSeconds) => onRedisElseInMemory((store) => store.hold(checks, windowSeconds)),
    meter: (check, windowSeconds) => onRedisElseInMemory((store) => store.meter(check, windowSeconds)),
  };
}

/** Allowed when every check is; else the refusal that lasts longest. */
export function worstOutcome(outcomes: readonly LimitOutcome[]): LimitOutcome {
  let blocked: LimitOutcome | undefined;
  for (const outcome of outcomes) {
    if (!outcome.allowed && (!blocked || blocked.allowed || outcome.retryAfter > blocked.retryAfter)) {
      blocked = outcome;
    }
  }
  return blocked ?? { allowed: true };
}

/**
 * The process's store: on Redis when `REDIS_URL` is set, else on the fans' pool
 * (lib/core/db-pool.ts). Kept on globalThis like the pool.
 */
const shared = globalThis as unknown as { afterglowLimiter?: { store: FailureLimitStore } };

export function limitStore(): FailureLimitStore {
  shared.afterglowLimiter ??= {
    store: env.REDIS_URL ? redisLimitStore(redisConnection(env.REDIS_URL)) : postgresLimitStore(fanPool()),
  };
  return shared.afterglowLimiter.store;
}

/**
 * Counts one request against every check and says whether all are still within their limits.
 */
export async function consumeLimits(
  checks: readonly LimitCheck[],
  windowSeconds = 60,
  store?: LimitStore,
): Promise<LimitOutcome> {
  if (checks.length === 0) return { allowed: true };
  return (store ?? limitStore()).consume(checks, windowSeconds);
}

/** Same as `consumeLimits`, throwing `rateLimited` (→ 429 with Retry-After) when over. */
export async function enforceLimits(
  checks: readonly LimitCheck[],
  windowSeconds = 60,
  messageKey?: string,
  store?: LimitStore,
): Promise<void> {
  const outcome = await consumeLimits(checks, windowSeconds, store);
  if (!outcome.allowed) throw rateLimited(outcome.retryAfter, messageKey);
}

/** The outcome the next request would get against every check, counting nothing. */
export async function peekLimits(
  checks: readonly LimitCheck[],
  windowSeconds: number,
  store?: FailureLimitStore,
): Promise<LimitOutcome> {
  if (checks.length === 0) return { allowed: true };
  return (store ?? limitStore()).peek(checks, windowSeconds);
}

/** Counts one failure against every check (see `FailureLimitStore.strike`); refused once any reached its limit. */
export async function strikeLimits(
  checks: readonly LimitCheck[],
  windowSeconds: number,
  store?: FailureLimitStore,
): Promise<LimitOutcome> {
  if (checks.length === 0) return { allowed: true };
  return (store ?? limitStore()).strike(checks, windowSeconds);
}

/** Forgets the checks' counts, as if none had been made. */
export async function resetLimits(
  checks: readonly LimitCheck[],
  windowSeconds: number,
  store?: FailureLimitStore,
): Promise<void> {
  if (checks.length > 0) await (store ?? limitStore()).reset(checks, windowSeconds);
}

/** Counts one attempt against every check before its outcome is known (`FailureLimitStore.claim`). */
export async function claimLimits(
  checks: readonly LimitCheck[],
  windowSeconds: number,
  store?: FailureLimitStore,
): Promise<LimitOutcome[]> {
  if (checks.length === 0) return [];
  return (store ?? limitStore()).claim(checks, windowSeconds);
}

/** Takes back one claimed attempt from every check. */
export async function unclaimLimits(
  checks: readonly LimitCheck[],
  windowSeconds: number,
  store?: FailureLimitStore,
): Promise<void> {
  if (checks.length > 0) await (store ?? limitStore()).unclaim(checks, windowSeconds);
}

/** Counts one request against `check` and tells the count (`FailureLimitStore.meter`). */
export function meterLimit(
  check: LimitCheck,
  windowSeconds: number,
  store?: FailureLimitStore,
): Promise<LimitMeter> {
  return (store ?? limitStore()).meter(check, windowSeconds);
}

/** Refuses, for a whole window from now, every check whose count has reached its limit. */
export async function holdLimits(
  checks: readonly LimitCheck[],
  windowSeconds: number,
  store?: FailureLimitStore,
): Promise<void> {
  if (checks.length > 0) await (store ?? limitStore()).hold(checks, windowSeconds);
}
