import { safeNextPath } from "@/lib/auth/redirects";

/** Where the e-mail confirmation and password reset links land (spec §2). */
export const EMAIL_CONFIRMATION_PATH = "/email-confirmation";
export const RESET_PASSWORD_PATH = "/auth/reset-password";
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
  if (typeof token !== "string") return null;
  const payload = token.split(".")[1];
  if (!payload) return null;
  try {
    const data: unknown = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
    const email = (data as { email?: unknown }).email;
    return typeof email === "string" ? email.toLowerCase() : null;
  } catch {
    return null;
  }
}
