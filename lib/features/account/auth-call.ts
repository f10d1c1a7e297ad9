import "server-only";
import { headers } from "next/headers";
import { isAPIError } from "better-auth/api";
import { AppError } from "@/lib/core/errors";

/**
 * Better Auth's refusals that the account page shows, as the one `AppError` (field errors are
 * i18n keys). Anything else is unexpected and propagates (logged, a generic 500).
 */
const refusals: Record<string, { code: "validation" | "rate_limited"; key: string; field?: string }> = {
  INVALID_PASSWORD: { code: "validation", key: "account.errors.wrongPassword", field: "password" },
  INVALID_CODE: { code: "validation", key: "account.twoFactor.invalidCode", field: "code" },
  TOTP_ALREADY_ENABLED: { code: "validation", key: "account.twoFactor.alreadyOn" },
  TWO_FACTOR_NOT_ENABLED: { code: "validation", key: "account.twoFactor.notOn" },
  TOTP_NOT_ENABLED: { code: "validation", key: "account.twoFactor.notOn" },
  // Better Auth's answer to changing to the address one already has (it has no code).
  "Email is the same": { code: "validation", key: "account.email.same", field: "newEmail" },
};

/**
 * Runs one Better Auth server call with this request's headers (its session cookie, its
 * language) and maps a refusal to an AppError; `passwordField` names the form field a wrong
 * password belongs to.
 */
export async function callAuth<T>(
  call: (headers: Headers) => Promise<T>,
  passwordField = "password",
): Promise<T> {
  try {
    return await call(await headers());
  } catch (error) {
    if (!isAPIError(error)) throw error;
    const body = error.body as { code?: string; message?: string } | undefined;
    const refusal = refusals[body?.code ?? ""] ?? refusals[body?.message ?? ""];
    if (error.statusCode === 429) throw new AppError("rate_limited", "auth.errors.tooManyRequests");
    if (error.statusCode === 401 && !refusal)
      throw new AppError("unauthorized", "auth.errors.signInRequired");
    if (!refusal) throw error;
    const field = refusal.field === "password" ? passwordField : refusal.field;
    throw new AppError(refusal.code, refusal.key, field ? { fieldErrors: { [field]: refusal.key } } : {});
  }
}
