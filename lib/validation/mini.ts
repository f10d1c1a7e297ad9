import * as z from "zod/mini";

/**
 * The part of the shared validation that browser forms import: plain constants and functions,
 * and zod building blocks written with `zod/mini` (a few KB in the browser, where zod's classic
 * API costs about 30 KB: issue #16's page weight for the sign-in pages). `common.ts` re-exports
 * them, so the server's classic schemas use the very same rules (a mini schema is a valid field
 * of a classic `z.object`). Every message is an i18n key under `validation.`.
 */

export const PASSWORD_MIN_LENGTH = 8;
/** The special characters the spec accepts (§5). */
export const PASSWORD_SPECIALS = `!@#$%^&*(),.?":{}|<>`;

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

/** An e-mail address as typed: trimmed and lower-cased, then checked. */
export const email = z.pipe(
  z
    .string({ error: "validation.emailInvalid" })
    .check(z.trim(), z.toLowerCase(), z.minLength(1, "validation.required")),
  z.email("validation.emailInvalid"),
);

/** A person's name: script tags and handlers stripped, trimmed, 1 to 100 characters. */
export const displayName = z.pipe(
  z.pipe(
    z.string({ error: "validation.required" }),
    z.transform((v: string) => sanitize(v).value.trim()),
  ),
  z.string().check(z.minLength(1, "validation.required"), z.maxLength(100, "validation.tooLong")),
);
