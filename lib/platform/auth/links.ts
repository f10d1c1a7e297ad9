import { EMAIL_CONFIRMATION_PATH, LINK_UNUSABLE_ERROR } from "@/lib/platform/auth/paths";
import { safeNextPath } from "@/lib/platform/auth/redirects";

// In their own module, which browser forms import: this one reads tokens with Node's Buffer.
export {
  EMAIL_CHANGED_CALLBACK,
  EMAIL_CONFIRMATION_PATH,
  FORGOT_PASSWORD_PATH,
  LINK_UNUSABLE_ERROR,
  LINK_USED_ERROR,
  RESET_PASSWORD_PATH,
} from "@/lib/platform/auth/paths";

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
 * Where every confirmation link that confirms nothing lands: the confirmation page (with the
 * `next` the link asked for, as `confirmationCallback` keeps it) saying the link cannot be used.
 * Built from the request alone, never from what the token names, so the answer tells nobody
 * whether an address has an account or has confirmed it.
 */
export function unusableLinkPath(requestedCallback: unknown): string {
  const callback = confirmationCallback(requestedCallback);
  return `${callback}${callback.includes("?") ? "&" : "?"}error=${LINK_UNUSABLE_ERROR}`;
}

/**
 * The addresses of a change-of-address token (Better Auth's `change-email-verification`:
 * `email` the current address, `updateTo` the new one), or null for any other token: a token
 * Better Auth just made, or the payload of one whose signature was checked (auth.ts).
 */
export function emailChangeInToken(token: unknown): { oldEmail: string; newEmail: string } | null {
  return emailChangeIn(tokenPayload(token));
}

/** `emailChangeInToken` for a payload already read (and verified). */
export function emailChangeIn(
  data: Record<string, unknown> | null,
): { oldEmail: string; newEmail: string } | null {
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
