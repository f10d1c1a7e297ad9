import type { z } from "zod";
import type { ErrorCode, MessageValues } from "@/lib/core/error-body";

export type { ErrorCode, MessageValues } from "@/lib/core/error-body";

/**
 * The one error type of the app. `messageKey` is an i18n key (messages/*.json), never raw
 * internal text, so it can be shown to the user in their language; `values` are interpolated
 * into it ("less than {limit}"). Client components import this file (for `fieldErrorsOf` and
 * `ActionResult`), so it stays free of server code: the HTTP mapper that translates the
 * message is `lib/core/http/error-response.ts`.
 */

/** The one status map: HTTP status per error code. */
export const statusOf: Record<ErrorCode, number> = {
  validation: 422,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  /** A request body over its route's cap (lib/core/http/request.ts). */
  too_large: 413,
  rate_limited: 429,
  internal: 500,
};

export interface AppErrorDetails {
  /** Field → i18n key, for forms. */
  fieldErrors?: Record<string, string>;
  /** Values interpolated into the message. */
  values?: MessageValues;
  /** A gated download needs a lead first (the player opens the lead form). */
  leadRequired?: boolean;
  /** Seconds until a rate-limited request may be retried (sent as `Retry-After`). */
  retryAfter?: number;
}

export class AppError extends Error {
  readonly fieldErrors: Record<string, string>;
  readonly values: MessageValues;
  readonly leadRequired: boolean;
  readonly retryAfter: number | undefined;

  constructor(
    readonly code: ErrorCode,
    /** i18n key of the message shown to the user. */
    readonly messageKey: string,
    details: AppErrorDetails = {},
  ) {
    super(messageKey);
    this.name = "AppError";
    this.fieldErrors = details.fieldErrors ?? {};
    this.values = details.values ?? {};
    this.leadRequired = details.leadRequired === true;
    this.retryAfter = details.retryAfter;
  }

  get status(): number {
    return statusOf[this.code];
  }
}

/** The one result type of server actions: never a thrown exception across the wire. */
export type ActionResult<T = undefined> = { ok: true; data: T } | ActionError;

export interface ActionError {
  ok: false;
  code: ErrorCode;
  /** i18n key of the message (client components translate it with `values`). */
  message: string;
  values: MessageValues;
  fieldErrors: Record<string, string>;
}

/**
 * Where a schema names no key, zod writes its own English sentence ("Invalid input: expected
 * object, received string"): that is no i18n key, and the user would read it untranslated.
 */
const isMessageKey = (message: string) => /^[A-Za-z][\w-]*(\.[\w-]+)+$/.test(message);

/** Field → first i18n key, from a zod error whose messages are i18n keys (else the form's generic one). */
export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.join(".") || "_form";
    out[field] ??= isMessageKey(issue.message) ? issue.message : "validation.invalidForm";
  }
  return out;
}

/** Messages that beat the others as the one shown when several fields are wrong. */
const preferredMessages = new Set(["engagement.errors.nameAndEmailRequired"]);

/**
 * A 422 from a zod error whose messages are i18n keys, with every field's key. Its message is
 * "validation.invalidForm" (a form shows the field messages), or with `message: "field"` the
 * most useful field message (a player shows one toast). `prefix` nests the fields under a
 * part of the body (`lead.email`).
 */
export function validationError(
  error: z.ZodError,
  options: { message?: "form" | "field"; prefix?: string } = {},
): AppError {
  const fields = fieldErrorsOf(error);
  const { prefix } = options;
  const fieldErrors = prefix
    ? Object.fromEntries(Object.entries(fields).map(([field, key]) => [`${prefix}.${field}`, key]))
    : fields;
  const messages = Object.values(fields);
  const message =
    options.message === "field"
      ? (messages.find((m) => preferredMessages.has(m)) ?? messages[0] ?? "validation.invalidForm")
      : "validation.invalidForm";
  return new AppError("validation", message, { fieldErrors });
}

/**
 * The input as `schema` reads it, or the 422 of `validationError` (with the same options: the
 * form's generic message or the most useful field message, fields under a prefix).
 */
export function parseOrThrow<S extends z.ZodType>(
  schema: S,
  input: unknown,
  options?: Parameters<typeof validationError>[1],
): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error, options);
  return parsed.data;
}

/**
 * Whether a Prisma write was refused by a unique constraint (P2002). With `constraint`, only
 * a refusal of the constraint whose name contains it (`short_link_code_key`): Prisma's pg
 * adapter names it in the error's `meta`.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { code, meta } = error as { code?: unknown; meta?: unknown };
  if (code !== "P2002") return false;
  return constraint === undefined || JSON.stringify(meta ?? null).includes(constraint);
}

/** The AppError a thrown value stands for: itself, or the generic 500 (the raw error is never shown). */
export function asAppError(error: unknown): { error: AppError; known: boolean } {
  if (error instanceof AppError) return { error, known: true };
  return { error: new AppError("internal", "errors.serverErrorMessage"), known: false };
}

/** Logs an unexpected error with where it happened; its text never reaches the caller. */
export function logUnexpected(error: unknown, context: Record<string, unknown>): void {
  console.error("[afterglow] unexpected error", { ...context, error });
}

/** The one action-result mapper: any thrown value → a safe `ActionResult`. */
export function toActionError(error: unknown, context: Record<string, unknown> = {}): ActionError {
  const { error: appError, known } = asAppError(error);
  if (!known) logUnexpected(error, context);
  return {
    ok: false,
    code: appError.code,
    message: appError.messageKey,
    values: appError.values,
    fieldErrors: appError.fieldErrors,
  };
}
