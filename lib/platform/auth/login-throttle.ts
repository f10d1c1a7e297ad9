import "server-only";
import { createHash, randomUUID } from "node:crypto";
import { db } from "@/lib/core/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { clientIp, ipKeyPart } from "@/lib/core/rate-limit/client-ip";
import { clientIpOptions, ipHashSecret } from "@/lib/core/rate-limit/server";

/**
 * Wrong passwords, next to Better Auth's per-IP limits and in the same `rate_limit` table
 * (so they hold across instances), counted twice:
 * - per account and client address: after LOGIN_MAX_FAILURES within the window, that
 *   address gets 429 for that account — a guesser is slowed, nobody else is;
 * - per account, all addresses together: after as many, the account is "challenged" rather
 *   than locked — the right password also needs a code e-mailed to the owner
 *   (sign-in-challenge.ts), so strangers cannot lock the owner out by failing on purpose.
 * A count restarts after a quiet window; a successful sign-in clears the account's count
 * and its own address's, not the guesser's.
 */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_FAILURE_WINDOW_SECONDS = 15 * 60;

/** Hashed: the table needs a stable key, not the address itself. */
export function emailDigest(email: string): string {
  return createHash("sha256").update(email.trim().toLowerCase()).digest("hex");
}

/**
 * The client as our own limits see it (lib/rate-limit: the address Better Auth's
 * `advanced.ipAddress` also reads, as a keyed hash). A request whose address cannot be
 * trusted shares one bucket per account with the others like it, rather than none.
 */
export function clientKeyOf(headers: Headers | null | undefined): string {
  const ip = headers ? clientIp(headers, clientIpOptions) : null;
  if (ip) return ipKeyPart(ip, ipHashSecret);
  warnNoClientAddress();
  return "unknown";
}

let warnedNoClientAddress = false;
/** Said once per process: every sign-in then shares one bucket per account (a deployment issue). */
function warnNoClientAddress(): void {
  if (warnedNoClientAddress) return;
  warnedNoClientAddress = true;
  console.warn(
    "[afterglow] a sign-in arrived without a client address: wrong-password limits then treat all " +
      "such clients as one. Start the app with `npm start` (it sets the address from the socket) or " +
      "set TRUST_PROXY / AUTH_TRUSTED_PROXIES to match the proxy in front of it.",
  );
}

const accountKey = (email: string) => `sign-in-failures|${emailDigest(email)}`;
const clientKey = (email: string, client: string) => `sign-in-failures|${emailDigest(email)}|${client}`;

/** Seconds left in a key's window once it reached the limit, else 0. */
async function secondsLocked(key: string, now: number): Promise<number> {
  const row = await db.rateLimit.findUnique({ where: { key } });
  if (!row || row.count < LOGIN_MAX_FAILURES) return 0;
  const until = Number(row.lastRequest) + LOGIN_FAILURE_WINDOW_SECONDS * 1000;
  return until > now ? Math.ceil((until - now) / 1000) : 0;
}

/** Seconds until this client may try `email` again, or 0 when it may now. */
export function loginRetryAfter(email: string, client: string, now = Date.now()): Promise<number> {
  return secondsLocked(clientKey(email, client), now);
}

/** Whether the right password for `email` must come with an e-mailed code. */
export async function loginChallenged(email: string, now = Date.now()): Promise<boolean> {
  return (await secondsLocked(accountKey(email), now)) > 0;
}

/** Counts one failed sign-in for the account and for this client; a failure after a quiet window starts a new count. */
export async function recordLoginFailure(email: string, client: string, now = Date.now()): Promise<void> {
  const windowStart = BigInt(now - LOGIN_FAILURE_WINDOW_SECONDS * 1000);
  // Sorted keys: two requests for one account lock their rows in the same order.
  const keys = [accountKey(email), clientKey(email, client)].sort();
  await db.$executeRaw`
    INSERT INTO "rate_limit" ("id", "key", "count", "lastRequest")
    VALUES ${Prisma.join(keys.map((key) => Prisma.sql`(${randomUUID()}, ${key}, 1, ${BigInt(now)})`))}
    ON CONFLICT ("key") DO UPDATE SET
      "count" = CASE WHEN "rate_limit"."lastRequest" < ${windowStart} THEN 1 ELSE "rate_limit"."count" + 1 END,
      "lastRequest" = ${BigInt(now)}`;
}

export async function clearLoginFailures(email: string, client: string): Promise<void> {
  await db.rateLimit.deleteMany({ where: { key: { in: [accountKey(email), clientKey(email, client)] } } });
}
