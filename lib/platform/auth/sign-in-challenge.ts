import "server-only";
import { randomInt, randomUUID } from "node:crypto";
import { sign } from "@/lib/core/signing";
import { APIError, isAPIError } from "better-auth/api";
import { sendSignInCodeEmail } from "@/lib/platform/auth/emails";
import {
  beginLoginAttempt,
  clearLoginFailures,
  clientKeyOf,
  loginAttemptFailed,
  loginAttemptNotFailed,
} from "@/lib/platform/auth/login-throttle";
import { LOGIN_CODE_INVALID, LOGIN_CODE_REQUIRED } from "@/lib/platform/auth/policy";
import { localeFromHeaders, translator } from "@/lib/core/i18n/translate";
import { db } from "@/lib/core/db";
import { consumeLimits, peekLimits, type LimitCheck } from "@/lib/core/rate-limit/limiter";
import { accountLimitKey } from "@/lib/core/rate-limit/mailbox-key";

/**
 * `/sign-in/email` with the wrong-password limits of login-throttle.ts, run from Better
 * Auth's hooks. A client past the limit for an account gets 429. An account past it is
 * challenged, never locked: the right password (checked here with Better Auth's own hasher,
 * so only someone who knows it makes us send mail) gets a 6-digit code by e-mail and a 403
 * `LOGIN_CODE_REQUIRED`; the same request with `loginCode` signs in. A wrong password or an
 * unknown address falls through to Better Auth's own 401, so the answers never tell whether
 * an address has an account. Codes are stored as a keyed hash in Better Auth's
 * `verification` table, used once, expire, and allow a few attempts each (counted by the app's
 * limiter under the code's own id, so a new code starts with all of them).
 */
export const SIGN_IN_CODE_MINUTES = 10;
export const SIGN_IN_CODE_MAX_ATTEMPTS = 5;
/** A repeated request within this time keeps the code already sent (no mail flood). */
const RESEND_AFTER_SECONDS = 60;
/**
 * Per account, whatever the addresses: code submissions and codes sent per hour. The tries
 * per code reset with each new code, so without these a guesser with many addresses would
 * get 5 fresh tries a minute; with them, at most 10 guesses at a million codes an hour.
 */
export const SIGN_IN_CODE_TRIES_PER_HOUR = 10;
export const SIGN_IN_CODES_SENT_PER_HOUR = 5;
const HOUR_SECONDS = 60 * 60;

/** What the hooks need of Better Auth's middleware context. */
export interface SignInHookContext {
  body?: unknown;
  headers?: Headers;
  context: {
    secret: string;
    returned?: unknown;
    password: {
      hash: (password: string) => Promise<string>;
      verify: (data: { hash: string; password: string }) => Promise<boolean>;
    };
    internalAdapter: {
      findUserByEmail: (
        email: string,
        options?: { includeAccounts: boolean },
      ) => Promise<{
        user: { id: string; email: string; name: string; emailVerified: boolean };
        accounts: { providerId: string; accountId: string; password?: string | null }[];
      } | null>;
    };
  };
}

interface SignInBody {
  email?: unknown;
  password?: unknown;
  loginCode?: unknown;
}

const codeIdentifier = (email: string) => `sign-in-code:${accountLimitKey(email)}`;
/** Outlives its code: the count starts at the first try, the code was issued before it. */
const CODE_ATTEMPTS_WINDOW_SECONDS = SIGN_IN_CODE_MINUTES * 60;
const attemptsCheck = (codeId: string): LimitCheck => ({
  key: `sign-in-code-attempts:${codeId}`,
  limit: SIGN_IN_CODE_MAX_ATTEMPTS,
});

/** Whether the code may still be tried. */
async function hasAttemptsLeft(codeId: string): Promise<boolean> {
  return (await peekLimits([attemptsCheck(codeId)], CODE_ATTEMPTS_WINDOW_SECONDS)).allowed;
}

// Keyed: a plain hash of a 6-digit code is reversed by trying all million.
function codeDigest(email: string, code: string): string {
  return sign("sign-in-code", `${accountLimitKey(email)}:${code}`).toString("hex");
}

/** The user when `password` is theirs; null otherwise, after the same hashing work either way. */
async function userWithPassword(ctx: SignInHookContext, email: string, password: string) {
  const record = await ctx.context.internalAdapter.findUserByEmail(email.toLowerCase(), {
    includeAccounts: true,
  });
  const hash = record?.accounts.find(
    (account) => account.providerId === "credential" && account.accountId === record.user.id,
  )?.password;
  if (!record || !hash) {
    await ctx.context.password.hash(password);
    return null;
  }
  return (await ctx.context.password.verify({ hash, password })) ? record.user : null;
}

async function issueCode(
  ctx: SignInHookContext,
  user: { email: string; name: string },
  email: string,
  now: number,
): Promise<void> {
  const identifier = codeIdentifier(email);
  const code = String(randomInt(1_000_000)).padStart(6, "0");
  // One request at a time per account: parallel requests must not each leave a live code.
  const issued = await db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${identifier}, 0))`;
    const latest = await tx.verification.findFirst({ where: { identifier }, orderBy: { createdAt: "desc" } });
    // A code whose tries are used up is dead: its owner gets a new one at once.
    const fresh =
      latest &&
      latest.expiresAt.getTime() > now &&
      now - latest.createdAt.getTime() < RESEND_AFTER_SECONDS * 1000 &&
      (await hasAttemptsLeft(latest.id));
    if (fresh) return false;
    await perAccountLimit(ctx, `sign-in-codes-sent:${accountLimitKey(email)}`, SIGN_IN_CODES_SENT_PER_HOUR);
    await tx.verification.deleteMany({ where: { identifier } });
    await tx.verification.create({
      data: {
        id: randomUUID(),
        identifier,
        value: codeDigest(email, code),
        expiresAt: new Date(now + SIGN_IN_CODE_MINUTES * 60_000),
      },
    });
    return true;
  });
  if (!issued) return;
  try {
    await sendSignInCodeEmail({
      to: user.email,
      name: user.name,
      code,
      minutes: SIGN_IN_CODE_MINUTES,
      locale: localeFromHeaders(ctx.headers),
    });
  } catch (error) {
    // Unsent, the code must not block the next request from sending one.
    await db.verification.deleteMany({ where: { identifier } });
    throw error;
  }
}

/** Uses up `code` when it is the live one; every try counts against the live code's attempts. */
async function consumeCode(email: string, code: string, now: number): Promise<boolean> {
  const live = await db.verification.findFirst({
    where: { identifier: codeIdentifier(email), expiresAt: { gt: new Date(now) } },
    orderBy: { createdAt: "desc" },
    select: { id: true },
  });
  if (!live) return false;
  // Counted before comparing, in one atomic statement that tells this try's own number: of
  // parallel guesses, exactly the allowed ones are compared, and a late one cannot spend the
  // code of an earlier one still being compared (the code stays; hasAttemptsLeft says it is dead).
  if (!(await consumeLimits([attemptsCheck(live.id)], CODE_ATTEMPTS_WINDOW_SECONDS)).allowed) return false;
  if (!/^\d{6}$/.test(code)) return false;
  // One statement: of two requests with the right code, only one deletes the row.
  const { count } = await db.verification.deleteMany({
    where: { id: live.id, value: codeDigest(email, code), expiresAt: { gt: new Date(now) } },
  });
  return count === 1;
}

/** Counts one against the account's hourly `limit` under `key`; past it, the 429 of too many attempts. */
async function perAccountLimit(ctx: SignInHookContext, key: string, limit: number): Promise<void> {
  const outcome = await consumeLimits([{ key, limit }], HOUR_SECONDS);
  if (outcome.allowed) return;
  const t = await translator(localeFromHeaders(ctx.headers));
  throw new APIError(
    "TOO_MANY_REQUESTS",
    { code: "TOO_MANY_ATTEMPTS", message: t("auth.errors.tooManyAttempts") },
    { "Retry-After": String(outcome.retryAfter) },
  );
}

async function forbidden(ctx: SignInHookContext, code: string, messageKey: string): Promise<APIError> {
  const t = await translator(localeFromHeaders(ctx.headers));
  return new APIError("FORBIDDEN", { code, message: t(messageKey) });
}

/** The `before` hook of `/sign-in/email`: throws the 429 or the code step, or lets Better Auth go on. */
export async function beforeSignIn(ctx: SignInHookContext, now = Date.now()): Promise<void> {
  const body = (ctx.body ?? {}) as SignInBody;
  const { email, password } = body;
  if (typeof email !== "string" || typeof password !== "string") return; // Better Auth refuses it

  const client = clientKeyOf(ctx.headers);
  const attempt = await beginLoginAttempt(email, client);
  if (attempt.retryAfter > 0) {
    const t = await translator(localeFromHeaders(ctx.headers));
    throw new APIError(
      "TOO_MANY_REQUESTS",
      { code: "TOO_MANY_ATTEMPTS", message: t("auth.errors.tooManyAttempts") },
      { "Retry-After": String(attempt.retryAfter) },
    );
  }
  if (!attempt.challenged) return; // settled by the after hook

  // Thrown from here the after hook does not run: the attempt is settled here.
  let wrongCode = false;
  try {
    const user = await userWithPassword(ctx, email, password);
    // A wrong password or no account: Better Auth's own 401, settled by the after hook. An
    // unconfirmed account: its own "confirm your e-mail" (a link to the inbox already).
    if (!user?.emailVerified) return;

    const code = typeof body.loginCode === "string" ? body.loginCode.trim() : "";
    if (!code) {
      await issueCode(ctx, user, email, now);
      throw await forbidden(ctx, LOGIN_CODE_REQUIRED, "auth.errors.loginCodeRequired");
    }
    await perAccountLimit(ctx, `sign-in-code-tries:${accountLimitKey(email)}`, SIGN_IN_CODE_TRIES_PER_HOUR);
    if (!(await consumeCode(email, code, now))) {
      // A wrong code slows its sender like a wrong password: with the tries per code, guessing
      // codes from one address gets 5 tries per window, not 5 per code sent.
      wrongCode = true;
      throw await forbidden(ctx, LOGIN_CODE_INVALID, "auth.errors.loginCodeInvalid");
    }
  } catch (error) {
    if (wrongCode) await loginAttemptFailed(email, client);
    else await loginAttemptNotFailed(email, client);
    throw error;
  }
}

/** The `after` hook of `/sign-in/email`: counts a wrong password, clears everything on success. */
export async function afterSignIn(ctx: SignInHookContext): Promise<void> {
  const { email, password } = (ctx.body ?? {}) as SignInBody;
  // Exactly the requests the before hook counted (it returns early on the same test).
  if (typeof email !== "string" || typeof password !== "string") return;
  const client = clientKeyOf(ctx.headers);
  const returned = ctx.context.returned;
  if (isAPIError(returned)) {
    if (returned.statusCode === 401) await loginAttemptFailed(email, client);
    else await loginAttemptNotFailed(email, client);
    return;
  }
  await clearLoginFailures(email, client);
  await db.verification.deleteMany({ where: { identifier: codeIdentifier(email) } });
}
