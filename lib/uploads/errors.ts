import { AppError, toActionError, type ErrorCode } from "@/lib/errors";

/** Values interpolated into a message, e.g. `{ limit: "200 MB" }` for "less than {limit}". */
export type MessageValues = Record<string, string | number>;

/**
 * An AppError whose message takes values ("File size must be less than {limit}"). The values
 * travel next to the i18n key in JSON answers and action results.
 */
export class DetailedError extends AppError {
  constructor(
    code: ErrorCode,
    messageKey: string,
    readonly values: MessageValues,
  ) {
    super(code, messageKey);
  }
}

export type DetailedActionError = ReturnType<typeof toActionError> & { values?: MessageValues };

export function toDetailedActionError(
  error: unknown,
  context: Record<string, unknown> = {},
): DetailedActionError {
  const result = toActionError(error, context);
  return error instanceof DetailedError ? { ...result, values: error.values } : result;
}

const statusOf: Record<ErrorCode, number> = {
  validation: 422,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  internal: 500,
};

/** `errorResponse` with the message's values: `{ error, message, values, fieldErrors }`. */
export function detailedErrorResponse(error: unknown, context: Record<string, unknown> = {}): Response {
  const result = toDetailedActionError(error, context);
  return Response.json(
    {
      error: result.code,
      message: result.message,
      values: result.values ?? {},
      fieldErrors: result.fieldErrors,
    },
    { status: statusOf[result.code], headers: { "Cache-Control": "no-store" } },
  );
}

/** A server action's answer: data, or the error's i18n key with its values and field errors. */
export type DetailedActionResult<T = undefined> = { ok: true; data: T } | DetailedActionError;
