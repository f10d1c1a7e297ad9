"use client";

import { twoFactorClient } from "better-auth/client/plugins";
import { createAuthClient } from "better-auth/react";
import { LOGIN_CODE_INVALID, LOGIN_CODE_REQUIRED } from "@/lib/auth/policy";

/**
 * Better Auth in the browser; it talks to /api/auth on the page's own origin. The sign-in
 * form itself shows the code step when the answer asks for a second factor.
 */
export const authClient = createAuthClient({ plugins: [twoFactorClient()] });

export interface AuthClientError {
  status: number;
  code?: string;
  message?: string;
}

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
