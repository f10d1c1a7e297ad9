import type { z } from "zod";

/**
 * The one error type of the app. `message` is an i18n key (messages/*.json), never raw
 * internal text, so it can be shown to the user in their language.
 */
export type ErrorCode =
  "validation" | "unauthorized" | "forbidden" | "not_found" | "conflict" | "rate_limited" | "internal";

const statusOf: Record<ErrorCode, number> = {
  validation: 422,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  internal: 500,
};

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    /** i18n key of the message shown to the user. */
    readonly messageKey: string,
    /** Field → i18n key, for forms. */
    readonly fieldErrors: Record<string, string> = {},
  ) {
    super(messageKey);
    this.name = "AppError";
  }

  get status(): number {
    return statusOf[this.code];
  }
}

/** The typed result server actions return: never a thrown exception across the wire. */
export type ActionResult<T = undefined> =
  | { ok: true; data: T }
  | { ok: false; code: ErrorCode; message: string; fieldErrors: Record<string, string> };

/** Field → first i18n key, from a zod error whose messages are i18n keys. */
export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.join(".") || "_form";
    out[field] ??= issue.message;
  }
  return out;
}

export function validationError(error: z.ZodError): AppError {
  return new AppError("validation", "validation.invalidForm", fieldErrorsOf(error));
}

/** Maps any thrown value to a safe result; unknown errors are logged, never echoed. */
export function toActionError(
  error: unknown,
  context: Record<string, unknown> = {},
): Extract<ActionResult, { ok: false }> {
  if (error instanceof AppError) {
    return { ok: false, code: error.code, message: error.messageKey, fieldErrors: error.fieldErrors };
  }
  console.error("[afterglow] unexpected error", { ...context, error });
  return { ok: false, code: "internal", message: "errors.serverErrorMessage", fieldErrors: {} };
}

/** The same mapping for route handlers: JSON body with the i18n key, and the right status. */
export function errorResponse(error: unknown, context: Record<string, unknown> = {}): Response {
  const result = toActionError(error, context);
  return Response.json(
    { error: result.code, message: result.message, fieldErrors: result.fieldErrors },
    { status: statusOf[result.code] },
  );
}
