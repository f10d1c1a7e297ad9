import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { Prisma } from "@/lib/generated/prisma/client";

/**
 * Fixed-window request counters in the `request_limit` table, shared by every app instance
 * (nothing lives in process memory). A window starts at a key's first request and lasts
 * `windowSeconds`; each request adds one with a single atomic upsert, so concurrent requests
 * are counted exactly.
 */
export interface LimitCheck {
  /** Already free of personal data (hash an IP before it becomes part of a key). */
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

/** Share of calls that also delete long-expired rows (keeps the table at the active keys). */
const CLEANUP_SHARE = 0.01;
const CLEANUP_AGE_SECONDS = 60 * 60;

interface Row {
  key: string;
  count: number;
  retryAfter: number;
}

/**
 * Counts one request against every check (one statement for all of them) and says whether
 * all are still within their limits. Keys are written in sorted order, so two requests
 * that share a key (the same IP) lock their rows in the same order and cannot deadlock.
 */
export async function consumeLimits(
  checks: readonly LimitCheck[],
  windowSeconds = 60,
  random: () => number = Math.random,
): Promise<LimitOutcome> {
  if (checks.length === 0) return { allowed: true };
  const limits = new Map<string, number>();
  for (const check of checks) {
    limits.set(check.key, Math.min(limits.get(check.key) ?? Infinity, check.limit));
  }
  const keys = [...limits.keys()].sort();
  // The database clock, in UTC like every other timestamp column: instances may disagree.
  const now = Prisma.sql`(now() AT TIME ZONE 'UTC')`;
  const expired = Prisma.sql`"request_limit"."windowStart" <= ${now} - make_interval(secs => ${windowSeconds})`;
  const rows = await db.$queryRaw<Row[]>`
    INSERT INTO "request_limit" ("key", "windowStart", "count")
    VALUES ${Prisma.join(keys.map((key) => Prisma.sql`(${key}, ${now}, 1)`))}
    ON CONFLICT ("key") DO UPDATE SET
      "count" = CASE WHEN ${expired} THEN 1 ELSE "request_limit"."count" + 1 END,
      "windowStart" = CASE WHEN ${expired} THEN ${now} ELSE "request_limit"."windowStart" END
    RETURNING "key", "count",
      GREATEST(1, CEIL(EXTRACT(EPOCH FROM
        ("windowStart" + make_interval(secs => ${windowSeconds}) - ${now}))))::int AS "retryAfter"`;

  if (random() < CLEANUP_SHARE) {
    await deleteExpiredLimits(Math.max(CLEANUP_AGE_SECONDS, windowSeconds * 2));
  }

  let blocked: Row | undefined;
  for (const row of rows) {
    if (row.count > (limits.get(row.key) ?? Infinity) && (!blocked || row.retryAfter > blocked.retryAfter)) {
      blocked = row;
    }
  }
  return blocked ? { allowed: false, retryAfter: blocked.retryAfter, key: blocked.key } : { allowed: true };
}

/** Same as `consumeLimits`, throwing `rateLimited` (→ 429 with Retry-After) when over. */
export async function enforceLimits(
  checks: readonly LimitCheck[],
  windowSeconds = 60,
  messageKey?: string,
): Promise<void> {
  const outcome = await consumeLimits(checks, windowSeconds);
  if (!outcome.allowed) throw rateLimited(outcome.retryAfter, messageKey);
}

/** Removes rows whose window ended long ago; returns how many. */
export async function deleteExpiredLimits(olderThanSeconds = CLEANUP_AGE_SECONDS) {
  return db.$executeRaw`
    DELETE FROM "request_limit"
    WHERE "windowStart" < (now() AT TIME ZONE 'UTC') - make_interval(secs => ${olderThanSeconds})`;
}
