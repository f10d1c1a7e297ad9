/**
 * The zod-free part of the shared validation: constants and pure functions that browser forms
 * import without bundling zod (the sign-in pages, issue #16's page weight). `common.ts` uses
 * and re-exports them.
 */

export const PASSWORD_MIN_LENGTH = 8;
/** The special characters the spec accepts (§5). */
export const PASSWORD_SPECIALS = `!@#$%^&*(),.?":{}|<>`;

/** zod's default e-mail pattern, the one `z.email()` checks (a unit test holds them equal). */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;

const scriptTags = /<\s*script\b[^>]*>[\s\S]*?<\s*\/\s*script\s*>|<\s*\/?\s*script\b[^>]*>/gi;
const eventHandlers = /\s+on[a-z]+\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi;
const javascriptUrls = /javascript\s*:/gi;

/**
 * Strips script tags, inline event-handler attributes and `javascript:` prefixes (spec §5)
 * and says whether anything was removed, so the UI can warn "Input has been sanitized".
 * Output is still escaped when rendered: this is a second line, not the only one.
 */
export function sanitize(input: string): { value: string; changed: boolean } {
  const value = input.replace(scriptTags, "").replace(eventHandlers, "").replace(javascriptUrls, "");
  return { value, changed: value !== input };
}
