import { generateRecoveryCodes } from "@/lib/platform/auth/recovery-codes";
import "server-only";
import { AUTH_COOKIE_PREFIX } from "@/lib/platform/auth/cookie-prefix";
import { betterAuth, type BetterAuthPlugin } from "better-auth";
import { prismaAdapter } from "better-auth/adapters/prisma";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { verifyJWT } from "better-auth/crypto";
import { nextCookies } from "better-auth/next-js";
import { headers as requestHeaders } from "next/headers";
import { twoFactor } from "better-auth/plugins";
import {
  sendEmailChangeEmails,
  sendConfirmationEmail,
  sendPasswordResetEmail,
} from "@/lib/platform/auth/emails";
import {
  confirmationCallback,
  EMAIL_CHANGED_CALLBACK,
  emailChangeIn,
  emailChangeInToken,
  LINK_USED_ERROR,
  RESET_PASSWORD_PATH,
  unusableLinkPath,
} from "@/lib/platform/auth/links";
import { clientKeyOf, LOGIN_FAILURE_WINDOW_SECONDS } from "@/lib/platform/auth/login-throttle";
import {
  passwordMessageValues,
  PASSWORD_MAX_LENGTH,
  passwordProblems,
} from "@/lib/platform/auth/password-rules";
import { SIGN_OUT_REASON_HEADER, type SessionEndReason } from "@/lib/platform/auth/policy";
import { signUpSchema } from "@/lib/platform/auth/schemas";
import { consumeEmailChange, rememberEmailChange } from "@/lib/platform/auth/email-change";
import { afterSignIn, beforeSignIn } from "@/lib/platform/auth/sign-in-challenge";
import {
  auditSessionEnded,
  enforceIdleTimeout,
  onSessionStarted,
} from "@/lib/platform/auth/session-lifecycle";
import { localeFromHeaders, translator } from "@/lib/core/i18n/translate";
import { db } from "@/lib/core/db";
import type { Locale } from "@/lib/core/i18n/config";
import { appUrl, env } from "@/lib/core/env";
import { PASSWORD_MIN_LENGTH } from "@/lib/core/validation/common";

/**
 * Better Auth: e-mail + password with required confirmation, password reset, database
 * sessions in HttpOnly cookies (`__Secure-` prefixed on https), database rate limits.
 * On top of it, in hooks: the spec's password rules, the idle timeout, the wrong-password
 * limits (per account and client; per account, an e-mailed code), the concurrent-session limit and the session audit.
 */

// Development and tests only; production refuses to start without BETTER_AUTH_SECRET.
const DEVELOPMENT_SECRET = "afterglow-development-secret-do-not-use-in-production";

function authSecret(): string {
  if (env.BETTER_AUTH_SECRET) return env.BETTER_AUTH_SECRET;
  if (env.NODE_ENV === "production") {
    throw new Error("BETTER_AUTH_SECRET must be set in production (`npm start` generates one).");
  }
  return DEVELOPMENT_SECRET;
}

/** APP_URL's origin; on localhost also its 127.0.0.1 twin, so both addresses work locally. */
export function trustedOrigins(): string[] {
  const url = new URL(appUrl);
  const origins = [url.origin];
  if (url.hostname === "localhost") origins.push(url.origin.replace("localhost", "127.0.0.1"));
  return origins;
}

/**
 * The language of the user who made the request: from its cookie, or, when Better Auth was
 * called from the server (a server action, which passes no Request), from the headers of the
 * request being served.
 */
async function callerLocale(request: Request | undefined): Promise<Locale> {
  if (request) return localeFromHeaders(request.headers);
  try {
    return localeFromHeaders(await requestHeaders());
  } catch {
    return localeFromHeaders(undefined); // outside any request (a script)
  }
}

/** Better Auth endpoints only the account page's server actions may use. */
const ACCOUNT_ONLY_PATHS = [
  "/change-email",
  "/change-password",
  "/update-user",
  "/delete-user",
  "/two-factor/enable",
  "/two-factor/disable",
  "/two-factor/generate-backup-codes",
  "/two-factor/get-totp-uri",
  "/two-factor/view-backup-codes",
];

/** Where Better Auth signs in with a password (and the two-factor plugin may stop half-way). */
const PASSWORD_SIGN_IN = "/sign-in/email";

async function usesTwoFactor(userId: string): Promise<boolean> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { twoFactorEnabled: true } });
  return user?.twoFactorEnabled === true;
}

const log = (message: string, error: unknown) => console.error(`[afterglow] ${message}`, error);

/**
 * A 400 in the caller's language: `message` is the first problem (e.g. exactly "Password
 * must contain at least one number"), `messages` all of them.
 */
async function badRequest(headers: Headers | undefined, code: string, keys: string[]): Promise<APIError> {
  const t = await translator(localeFromHeaders(headers));
  const messages = keys.map((key) => t(key, passwordMessageValues));
  return new APIError("BAD_REQUEST", { code, message: messages[0], messages });
}

async function rejectWeakPassword(headers: Headers | undefined, password: unknown): Promise<void> {
  const problems = typeof password === "string" ? passwordProblems(password) : ["auth.password.minLength"];
  if (problems.length > 0) throw await badRequest(headers, "PASSWORD_TOO_WEAK", problems);
}

/** The reason a Better Auth endpoint deleted a session, for the audit. */
function endReason(path: string | undefined, headers: Headers | undefined): SessionEndReason {
  if (path === "/sign-out")
    return headers?.get(SIGN_OUT_REASON_HEADER) === "inactivity" ? "inactivity" : "sign-out";
  if (path === "/reset-password") return "password-reset";
  if (path === "/change-password") return "password-change";
  if (path?.startsWith("/revoke")) return "revoked";
  return "expired";
}

function buildAuth() {
  const idleMinutes = env.SESSION_IDLE_MINUTES;

  const before = createAuthMiddleware(async (ctx) => {
    // Every request that carries a session: refuse it when idle too long, else mark activity.
    const token = await ctx.getSignedCookie(ctx.context.authCookies.sessionToken.name, ctx.context.secret);
    if (token) await enforceIdleTimeout(token, idleMinutes);

    switch (ctx.path) {
      case "/sign-up/email": {
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        const parsed = signUpSchema.safeParse({
          displayName: body.name,
          email: body.email,
          password: body.password,
        });
        if (!parsed.success) {
          const keys = [...new Set(parsed.error.issues.map((i) => i.message))];
          const weak = parsed.error.issues.every((i) => i.path[0] === "password");
          throw await badRequest(ctx.headers, weak ? "PASSWORD_TOO_WEAK" : "VALIDATION_ERROR", keys);
        }
        return {
          context: {
            body: {
              ...body,
              name: parsed.data.displayName,
              email: parsed.data.email,
              callbackURL: confirmationCallback(body.callbackURL),
            },
          },
        };
      }
      case "/sign-in/email":
        await beforeSignIn(ctx);
        return;
      case "/reset-password":
      case "/change-password":
        await rejectWeakPassword(
          ctx.headers,
          (ctx.body as { newPassword?: unknown } | undefined)?.newPassword,
        );
        return;
      case "/request-password-reset":
        return { context: { body: { ...(ctx.body as object), redirectTo: RESET_PASSWORD_PATH } } };
      case "/send-verification-email": {
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        return { context: { body: { ...body, callbackURL: confirmationCallback(body.callbackURL) } } };
      }
      case "/change-email":
        // The verification link always lands on the account page, never where a client says.
        return { context: { body: { ...(ctx.body as object), callbackURL: EMAIL_CHANGED_CALLBACK } } };
      case "/verify-email": {
        const query = (ctx.query ?? {}) as { token?: unknown; callbackURL?: unknown };
        // Every link that confirms nothing gets one answer, decided before anything the token
        // names is looked up: a token that does not verify (forged, malformed, expired) never
        // reaches the database, so nobody learns whether an address has an account.
        const unusable = () => ctx.redirect(unusableLinkPath(query.callbackURL));
        const payload =
          typeof query.token === "string"
            ? await verifyJWT<Record<string, unknown>>(query.token, ctx.context.secret)
            : null;
        if (!payload || typeof payload.email !== "string") throw unusable();
        // A change-of-address link works only while the app's record of it does (email-change.ts).
        const change = emailChangeIn(payload);
        if (change) {
          const user = await db.user.findUnique({ where: { email: change.oldEmail }, select: { id: true } });
          if (!user || !(await consumeEmailChange(user.id, query.token as string))) {
            throw ctx.redirect(`${EMAIL_CHANGED_CALLBACK}&error=${LINK_USED_ERROR}`);
          }
          return;
        }
        // Better Auth treats a confirmed address's link as a success and an unknown one as a
        // 401: both are the one answer too (only the token's holder can get this far).
        const user = await db.user.findUnique({
          where: { email: payload.email.toLowerCase() },
          select: { id: true, emailVerified: true },
        });
        if (!user || user.emailVerified || (payload.userId !== undefined && payload.userId !== user.id)) {
          throw unusable();
        }
        return;
      }
    }
  });

  const after = createAuthMiddleware(async (ctx) => {
    if (ctx.path === "/sign-in/email") await afterSignIn(ctx);
  });

  return betterAuth({
    appName: "Afterglow",
    baseURL: appUrl,
    basePath: "/api/auth",
    secret: authSecret(),
    database: prismaAdapter(db, { provider: "postgresql" }),
    trustedOrigins: trustedOrigins(),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      // Not awaited: the answer must take as long whether or not the address has an account.
      sendResetPassword: async ({ user, url }, request) => {
        void sendPasswordResetEmail({
          to: user.email,
          name: user.name,
          url,
          clientKey: clientKeyOf(request?.headers),
          locale: localeFromHeaders(request?.headers),
        }).catch((error: unknown) => log("password reset e-mail failed", error));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({ user, url, token }, request) => {
        // Better Auth confirms a new address (user.changeEmail) through this same callback.
        const change = emailChangeInToken(token);
        if (change) {
          await rememberEmailChange(user.id, token);
          const locale = await callerLocale(request);
          void sendEmailChangeEmails({ ...change, name: user.name, url, locale }).catch((error: unknown) =>
            log("e-mail change e-mails failed", error),
          );
          return;
        }
        void sendConfirmationEmail({
          to: user.email,
          name: user.name,
          url,
          clientKey: clientKeyOf(request?.headers),
          locale: localeFromHeaders(request?.headers),
        }).catch((error: unknown) => log("confirmation e-mail failed", error));
      },
    },
    user: {
      // A new address is confirmed by a link sent to it; the old one gets a notice (emails.ts).
      changeEmail: { enabled: true },
    },
    // What the account page does (lib/features/account/actions.ts, with the password check and the
    // per-account limits) is not also open over HTTP, where only per-client limits apply.
    // Server calls (`getAuth().api.*`) do not pass through the HTTP router.
    disabledPaths: ACCOUNT_ONLY_PATHS,
    session: {
      // The idle timeout (SESSION_IDLE_MINUTES) ends sessions long before this absolute limit.
      expiresIn: 7 * 24 * 60 * 60,
      updateAge: 24 * 60 * 60,
    },
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 100,
      // Per client IP. Wrong passwords are also limited per account and client (login-throttle.ts).
      customRules: {
        "/sign-in/email": { window: 60, max: 30 },
        "/sign-up/email": { window: 60, max: 10 },
        "/request-password-reset": { window: LOGIN_FAILURE_WINDOW_SECONDS, max: 5 },
        "/send-verification-email": { window: LOGIN_FAILURE_WINDOW_SECONDS, max: 5 },
        "/reset-password": { window: 60, max: 10 },
      },
    },
    advanced: {
      cookiePrefix: AUTH_COOKIE_PREFIX,
      // `__Secure-` cookies whenever the app is served over https.
      useSecureCookies: appUrl.startsWith("https:"),
      // Better Auth skips the Origin check when NODE_ENV is "test"; our tests must see the real one.
      disableOriginCheck: false,
      disableCSRFCheck: false,
      // The same address as our own limits: X-Forwarded-For as the server's listener fixed it
      // (server/client-address-preload.mjs: the socket address with no trusted proxy, the
      // socket hop appended with some); only that header, single-valued unless proxies are trusted.
      ipAddress: {
        ipAddressHeaders: ["x-forwarded-for"],
        ...(env.AUTH_TRUSTED_PROXIES.length ? { trustedProxies: env.AUTH_TRUSTED_PROXIES } : {}),
      },
    },
    databaseHooks: {
      session: {
        create: {
          after: async (session, ctx) => {
            // A password sign-in of an account with two-factor: the session may end at once
            // (code still to come), so it starts — the limit, the audit — in sessionStartedAfterTwoFactor.
            if (ctx?.path === PASSWORD_SIGN_IN && (await usesTwoFactor(session.userId))) return;
            await onSessionStarted(session, idleMinutes).catch((error: unknown) =>
              log("session start hook failed", error),
            );
          },
        },
        delete: {
          after: async (session, ctx) => {
            // Ended during a sign-in: the two-factor plugin's half-done session, which never started.
            if (ctx?.path === PASSWORD_SIGN_IN) return;
            await auditSessionEnded(session, endReason(ctx?.path, ctx?.headers ?? ctx?.request?.headers));
          },
        },
      },
    },
    hooks: { before, after },
    plugins: [
      // TOTP and recovery codes, optional per user; required for admins where the company says so
      // (enforced by the admin guard, lib/platform/tenancy/guard.ts). The plugin limits the codes: 3
      // requests per 10 s per client, 5 tries per sign-in, the account locked after 10 failures.
      twoFactor({
        issuer: "Afterglow",
        // Codes without look-alike characters, in groups of four (lib/platform/auth/recovery-codes.ts).
        backupCodeOptions: { customBackupCodesGenerate: () => generateRecoveryCodes() },
      }),
      sessionStartedAfterTwoFactor(idleMinutes),
      // Last: it forwards cookies set by server-side calls (server actions) to Next.
      nextCookies(),
    ],
  });
}

/**
 * After the two-factor plugin (plugins' hooks run in order): a password sign-in of an account
 * with two-factor that kept its session (a trusted device) starts it now. One stopped at the
 * code step has none, so someone with only the password cannot push the owner's sessions out
 * through the concurrent-session limit.
 */
function sessionStartedAfterTwoFactor(idleMinutes: number) {
  return {
    id: "afterglow-two-factor-session-start",
    hooks: {
      after: [
        {
          matcher: (ctx) => ctx.path === PASSWORD_SIGN_IN,
          handler: createAuthMiddleware(async (ctx) => {
            const started = ctx.context.newSession;
            if (!started || !(await usesTwoFactor(started.user.id))) return;
            await onSessionStarted(started.session, idleMinutes).catch((error: unknown) =>
              log("session start hook failed", error),
            );
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}

export type Auth = ReturnType<typeof buildAuth>;

const globalForAuth = globalThis as unknown as { afterglowAuth?: Auth };

/** The Better Auth instance, built on first use (a build without secrets must not fail). */
export function getAuth(): Auth {
  globalForAuth.afterglowAuth ??= buildAuth();
  return globalForAuth.afterglowAuth;
}
