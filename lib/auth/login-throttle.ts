import "server-only";
import { createHash, randomUUID } from "node:crypto";
import { db } from "@/lib/db";

/**
 * Wrong passwords per account, next to Better Auth's per-IP limits and in the same
 * `rate_limit` table (so it holds across instances): after MAX_FAILURES failed sign-ins
 * for one e-mail within the window, further attempts get 429 until the window passes —
 * a password guesser cannot just change IP. A successful sign-in clears the count.
 */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_FAILURE_WINDOW_SECONDS = 15 * 60;

function keyOf(email: string): string {
  // Hashed: the table needs a stable key, not the address itself.
  const digest = createHash("sha256").update(email.trim().toLowerCase()).digest("hex");
  return `sign-in-failures|${digest}`;
}

/** Seconds until `email` may try again, or 0 when it is not locked. */
export async function loginRetryAfter(email: string, now = Date.now()): Promise<number> {
  const row = await db.rateLimit.findUnique({ where: { key: keyOf(email) } });
  if (!row || row.count < LOGIN_MAX_FAILURES) return 0;
  const until = Number(row.lastRequest) + LOGIN_FAILURE_WINDOW_SECONDS * 1000;
  return until > now ? Math.ceil((until - now) / 1000) : 0;
}

/** Counts one failed sign-in; a failure after a quiet window starts a new count. */
export async function recordLoginFailure(email: string, now = Date.now()): Promise<void> {
  const windowStart = BigInt(now - LOGIN_FAILURE_WINDOW_SECONDS * 1000);
  await db.$executeRaw`
    INSERT INTO "rate_limit" ("id", "key", "count", "lastRequest")
    VALUES (${randomUUID()}, ${keyOf(email)}, 1, ${BigInt(now)})
    ON CONFLICT ("key") DO UPDATE SET
      "count" = CASE WHEN "rate_limit"."lastRequest" < ${windowStart} THEN 1 ELSE "rate_limit"."count" + 1 END,
      "lastRequest" = ${BigInt(now)}`;
}

export async function clearLoginFailures(email: string): Promise<void> {
  await db.rateLimit.deleteMany({ where: { key: keyOf(email) } });
}
