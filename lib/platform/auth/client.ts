"use client";

import { LOGIN_CODE_INVALID, LOGIN_CODE_REQUIRED } from "@/lib/platform/auth/policy";
import { fetchJson } from "@/lib/core/http/fetch-json";

/** A refused (or unreachable: status 0) Better Auth call: its HTTP status and its `{ code, message }`. */
export interface AuthClientError {
  status: number;
  code?: string;
  message?: string;
}

export type AuthResult<T> = { data: T; error: null } | { data: null; error: AuthClientError };

const text = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);

/**
 * One call to Better Auth's HTTP API on the page's own origin (/api/auth/*): plain JSON, through
 * the app's one browser fetch. Better Auth's own browser client (`better-auth/react`) weighed
 * 13 KB on the sign-in page for these few POSTs (issue #16). Like it, this never throws: a
 * network failure is an error with status 0.
 */
async function call<T>(
  path: string,
  json?: Record<string, unknown>,
  headers?: Record<string, string>,
): Promise<AuthResult<T>> {
  const result = await fetchJson<T>(
    `/api/auth${path}`,
    json === undefined ? { headers } : { method: "POST", json, headers },
  );
  if (result.ok) return { data: result.data, error: null };
  const body = (typeof result.body === "object" && result.body !== null ? result.body : {}) as Record<
    string,
    unknown
  >;
  return { data: null, error: { status: result.status, code: text(body.code), message: text(body.message) } };
}

/** The sign-in answer: signed in, or the password was right and the second factor is asked for. */
type SignInAnswer = { twoFactorRedirect?: boolean } | null;

/**
 * The Better Auth endpoints the browser uses, by their paths. `loginCode` is ours (read by the
 * server's sign-in hook, lib/platform/auth/sign-in-challenge.ts).
 */
export const authClient = {
  signIn: {
    email: (body: { email: string; password: string; loginCode?: string }) =>
      call<SignInAnswer>("/sign-in/email", body),
  },
  signUp: {
    email: (body: { name: string; email: string; password: string; callbackURL: string }) =>
      call<unknown>("/sign-up/email", body),
  },
  sendVerificationEmail: (body: { email: string; callbackURL: string }) =>
    call<unknown>("/send-verification-email", body),
  requestPasswordReset: (body: { email: string; redirectTo: string }) =>
    call<unknown>("/request-password-reset", body),
  resetPassword: (body: { newPassword: string; token: string }) => call<unknown>("/reset-password", body),
  twoFactor: {
    verifyTotp: (body: { code: string; trustDevice: boolean }) =>
      call<unknown>("/two-factor/verify-totp", body),
    verifyBackupCode: (body: { code: string; trustDevice: boolean }) =>
      call<unknown>("/two-factor/verify-backup-code", body),
  },
  /** `headers`: e.g. the idle sign-out's reason (SIGN_OUT_REASON_HEADER), for the audit. */
  signOut: (headers?: Record<string, string>) => call<unknown>("/sign-out", {}, headers),
  /** The current session, or null data when signed out; a signed-in call also marks activity. */
  getSession: () => call<{ session: unknown; user: unknown } | null>("/get-session"),
};

/** Codes whose `message` the server already wrote in the user's language. */
const translatedByServer = new Set([
  "PASSWORD_TOO_WEAK",
  "VALIDATION_ERROR",
  "TOO_MANY_ATTEMPTS",
  "TOO_MANY_REQUESTS",
  LOGIN_CODE_REQUIRED,
  LOGIN_CODE_INVALID,
]);

const keyOfCode: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: "auth.errors.invalidCredentials",
  EMAIL_NOT_VERIFIED: "auth.errors.emailNotVerified",
  INVALID_ORIGIN: "auth.errors.foreignOrigin",
  MISSING_OR_NULL_ORIGIN: "auth.errors.foreignOrigin",
  INVALID_TOKEN: "auth.reset.invalidLink",
  INVALID_CODE: "auth.twoFactor.invalidCode",
  INVALID_BACKUP_CODE: "auth.twoFactor.invalidCode",
  INVALID_TWO_FACTOR_COOKIE: "auth.twoFactor.expired",
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: "auth.twoFactor.expired",
  ACCOUNT_TEMPORARILY_LOCKED: "auth.twoFactor.locked",
};

/**
 * The text to show for a failed auth call: the server's own (translated) message where it
 * wrote one, else the catalogue text for its code, else a generic message.
 */
export function authErrorText(error: AuthClientError, t: (key: string) => string): string {
  if (error.message && (translatedByServer.has(error.code ?? "") || error.status === 429))
    return error.message;
  const key = error.code ? keyOfCode[error.code] : undefined;
  return t(key ?? "auth.errors.generic");
}

/** Local settings cleared on logout: everything except the language and the theme (spec §4). */
export function clearLocalSettings(keep: readonly string[] = ["language", "theme"]): void {
  try {
    for (const key of Object.keys(localStorage)) if (!keep.includes(key)) localStorage.removeItem(key);
    sessionStorage.clear();
  } catch {
    // storage disabled: nothing to clear
  }
}
