import "server-only";
import { clientIp, ipKeyPart } from "@/lib/core/rate-limit/client-ip";
import {
  claimLimits,
  holdLimits,
  resetLimits,
  unclaimLimits,
  type LimitCheck,
} from "@/lib/core/rate-limit/limiter";
import { accountLimitKey } from "@/lib/core/rate-limit/mailbox-key";
import { clientIpOptions, ipHashSecret } from "@/lib/core/rate-limit/server";

/**
 * Wrong passwords, counted on the app's one limiter (lib/core/rate-limit/limiter.ts, so they hold
 * across instances) beside Better Auth's per-IP limits, twice:
 * - per account and client address: after LOGIN_MAX_FAILURES within the window, that
 *   address gets 429 for that account — a guesser is slowed, nobody else is;
 * - per account, all addresses together: after as many, the account is "challenged" rather
 *   than locked — the right password also needs a code e-mailed to the owner
 *   (sign-in-challenge.ts), so strangers cannot lock the owner out by failing on purpose.
 * A count ends a window after its first failure; one that reached the limit holds for a window
 * from its latest failure (`holdLimits`). Each attempt is counted before its password is checked
 * and taken back when it was no failure (`beginLoginAttempt`). A successful sign-in clears the
 * account's count and its own address's, not the guesser's.
 */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_FAILURE_WINDOW_SECONDS = 15 * 60;

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

const accountCheck = (email: string): LimitCheck => ({
  key: `sign-in-failures|${accountLimitKey(email)}`,
  limit: LOGIN_MAX_FAILURES,
});
const clientCheck = (email: string, client: string): LimitCheck => ({
  key: `sign-in-failures|${accountLimitKey(email)}|${client}`,
  limit: LOGIN_MAX_FAILURES,
});

export interface LoginAttempt {
  /** Seconds until this client may try `email` again; 0: this attempt may go on. */
  retryAfter: number;
  /** The right password for `email` must come with an e-mailed code. */
  challenged: boolean;
}

const checksOf = (email: string, client: string) => [accountCheck(email), clientCheck(email, client)];

/**
 * Counts this sign-in as a failure before its password is checked, in one atomic statement per
 * count that tells the attempt its number: of a parallel burst past the limit, exactly the
 * attempts within it go on (issue #34: a check before the count let a whole burst through).
 * The attempt is then settled: `loginAttemptFailed`, `loginAttemptNotFailed` or
 * `clearLoginFailures`. A refused attempt stays counted but does not renew the refusal, which
 * lasts a window from the failure that reached the limit.
 */
export async function beginLoginAttempt(email: string, client: string): Promise<LoginAttempt> {
  const checks = checksOf(email, client);
  const [account, own] = await claimLimits(checks, LOGIN_FAILURE_WINDOW_SECONDS);
  // A refused attempt stays counted: the count is already past the limit, a fixed window's
  // claim does not move its end, and taking it back raced `holdLimits` (whose block sets the
  // count to the limit + 1, so refused claims taken back after it brought the count under the
  // limit: 6 of 12 parallel wrong passwords got through once in CI).
  if (own && !own.allowed) return { retryAfter: own.retryAfter, challenged: false };
  return { retryAfter: 0, challenged: account?.allowed === false };
}

/** The attempt failed (wrong password, wrong code): it stays counted; a count at the limit holds for a window from now. */
export async function loginAttemptFailed(email: string, client: string): Promise<void> {
  await holdLimits(checksOf(email, client), LOGIN_FAILURE_WINDOW_SECONDS);
}

/** The attempt was no failure (the right password, asked for a code or a confirmed address): taken back. */
export async function loginAttemptNotFailed(email: string, client: string): Promise<void> {
  await unclaimLimits(checksOf(email, client), LOGIN_FAILURE_WINDOW_SECONDS);
}

export async function clearLoginFailures(email: string, client: string): Promise<void> {
  await resetLimits([accountCheck(email), clientCheck(email, client)], LOGIN_FAILURE_WINDOW_SECONDS);
}
