import { z } from "zod";
import { sanitize } from "@/lib/core/validation/rules";

/**
 * Shared zod building blocks. Every message is an i18n key under `validation.` in
 * messages/*.json; the client and the server show the same text in the user's language.
 */

// Kept zod-free in rules.ts, so that browser forms can import them without zod.
export { PASSWORD_MIN_LENGTH, PASSWORD_SPECIALS, sanitize } from "@/lib/core/validation/rules";

export const email = z
  .string({ error: "validation.emailInvalid" })
  .trim()
  .toLowerCase()
  .min(1, "validation.required")
  .pipe(z.email("validation.emailInvalid"));

export const requiredText = (max?: number) => {
  const base = z.string({ error: "validation.inputEmpty" }).trim().min(1, "validation.inputEmpty");
  return max ? base.max(max, "validation.tooLong") : base;
};

/** C0/C1 controls (tab and line breaks aside) and bidi overrides/isolates, which reorder text. */
const FORBIDDEN_CHARACTERS =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
const LINE_BREAK = /[\r\n\u2028\u2029]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether `value` is text a person typed: no control, bidi-override or broken characters. */
export function isPlainText(value: string, multiline: boolean): boolean {
  return (
    !FORBIDDEN_CHARACTERS.test(value) && !LONE_SURROGATE.test(value) && (multiline || !LINE_BREAK.test(value))
  );
}

/**
 * What fans type (comments, names, lead fields), stored exactly as typed — NFC-normalised and
 * trimmed. Markup is not "cleaned": React escapes it wherever it is shown and e-mails escape it,
 * which is the defence; a deny-list only mangled what people wrote (issue #12). Refused with
 * `validation.invalidCharacters`: characters no typed text needs (see `isPlainText`).
 */
export const plainText = (options: { multiline?: boolean } = {}) =>
  z
    .string()
    .transform((v) => v.normalize("NFC").trim())
    .refine((v) => isPlainText(v, options.multiline ?? false), "validation.invalidCharacters");

/** A display name: script tags stripped and trimmed (spec §5). */
export const displayName = z
  .string({ error: "validation.required" })
  .transform((v) => sanitize(v).value.trim())
  .pipe(z.string().min(1, "validation.required").max(100, "validation.tooLong"));

/**
 * An address as people type it: "example.com" or "www.example.com/x" gets `https://`
 * (issue #18: completed, not refused); "//example.com" gets `https:`. Anything that already
 * names a scheme is left as typed, so `javascript:` or `ftp://` still meet the http(s) check.
 * A host with a port ("example.com:8080") is not a scheme: a digit follows its colon.
 */
export function withUrlScheme(value: string): string {
  if (!value) return value;
  if (value.startsWith("//")) return `https:${value}`;
  if (/^[a-z][a-z0-9+.-]*:(?!\d)/i.test(value)) return value;
  return `https://${value}`;
}

export const optionalUrl = z
  .string()
  .trim()
  .transform((v) => withUrlScheme(v) || undefined)
  .pipe(z.url({ protocol: /^https?$/, error: "validation.urlInvalid" }).optional());

/**
 * A calendar day as YYYY-MM-DD (a UTC day where the app reads it), in the years 1900–2999:
 * PostgreSQL has no year 0 and no date a person means is outside them. "2026-02-31" matches
 * the pattern but is no day (and would throw or roll into March), so it is refused.
 */
export const isoDay = z
  .string()
  .regex(/^(19|2\d)\d{2}-\d{2}-\d{2}$/)
  .refine((v) => {
    const date = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(v);
  });

/**
 * Whether a string from a URL can name a record at all: ids are cuids, uuids or seed ids
 * (letters, digits, `-`, `_`; at most 128). Anything else names nothing, and public lookups
 * answer not found without asking the database, which answers a NUL byte with an error (a 500).
 */
export function isRecordIdShape(value: string): boolean {
  return /^[A-Za-z0-9_-]{1,128}$/.test(value);
}

/** An id no record has (ids are cuids and uuids): what a malformed id becomes. */
const NO_RECORD_ID = "-";

/**
 * A record id as a server action receives it: a string, never an object (Prisma would read
 * `{ not: "" }` as a filter matching every row of the company). Whether it names a record of
 * the caller's company is the lib function's check (an unknown or overlong id is a 404); an id
 * that cannot name a record (a NUL byte, which the database answers with an error) is passed
 * on as one that names nothing, so it is a 404 like any unknown id.
 */
export const recordId = z.string().transform((value) => (isRecordIdShape(value) ? value : NO_RECORD_ID));

/**
 * The arguments of a form action used with `useActionState`: the previous result (not
 * trusted, not read), then the form, which the lib function validates field by field.
 */
export const formActionArgs = <Previous>() => z.tuple([z.custom<Previous>(), z.instanceof(FormData)]);

/** An input the lib function validates itself with its own schema (content, event forms). */
export const validatedByLib = <T>() => z.custom<T>();
