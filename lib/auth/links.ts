import { safeNextPath } from "@/lib/auth/redirects";

/** Where the e-mail confirmation and password reset links land (spec §2). */
export const EMAIL_CONFIRMATION_PATH = "/email-confirmation";
export const RESET_PASSWORD_PATH = "/auth/reset-password";
export const FORGOT_PASSWORD_PATH = "/auth/forgot-password";
/** Where a change-of-address link lands; Better Auth appends `&error=CODE` when it fails. */
export const EMAIL_CHANGED_CALLBACK = "/account?email=changed";
/** Query value the confirmation page shows as "this link was already used". */
export const LINK_USED_ERROR = "LINK_USED";

/**
 * The confirmation link's landing page, with an optional local `next` (e.g. an invitation
 * being accepted). Anything else a client sends as `callbackURL` is replaced, so the
 * e-mail can never send anyone elsewhere.
 */
export function confirmationCallback(requested: unknown): string {
  if (typeof requested === "string" && requested.startsWith(EMAIL_CONFIRMATION_PATH)) {
    const url = new URL(requested, "http://local.invalid");
    if (url.pathname === EMAIL_CONFIRMATION_PATH) {
      const next = url.searchParams.get("next");
      const safe = next ? safeNextPath(next, "") : "";
      if (safe) return `${EMAIL_CONFIRMATION_PATH}?next=${encodeURIComponent(safe)}`;
    }
  }
  return EMAIL_CONFIRMATION_PATH;
}

/**
 * The e-mail inside a confirmation token (a JWT), without checking its signature: only
 * used to tell "already confirmed" apart before Better Auth verifies the token itself.
 */
export function emailInToken(token: unknown): string | null {
  const email = tokenPayload(token)?.email;
  return typeof email === "string" ? email.toLowerCase() : null;
}

/**
 * The addresses of a change-of-address token (Better Auth's `change-email-verification`:
 * `email` the current address, `updateTo` the new one), or null for any other token. Read
 * without checking the signature, only to choose the e-mails' wording; the link itself is
 * verified by Better Auth.
 */
export function emailChangeInToken(token: unknown): { oldEmail: string; newEmail: string } | null {
  const data = tokenPayload(token);
  if (typeof data?.email !== "string" || typeof data.updateTo !== "string") return null;
  return { oldEmail: data.email.toLowerCase(), newEmail: data.updateTo.toLowerCase() };
}

function tokenPayload(token: unknown): Record<string, unknown> | null {
  if (typeof token !== "string") return null;
  const payload = token.split(".")[1];
  if (!payload) return null;
  try {
    const data: unknown = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
    return data && typeof data === "object" ? (data as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
