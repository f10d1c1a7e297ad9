import { localeFromHeaders, translator } from "@/lib/core/i18n/translate";
import { asAppError, logUnexpected, statusOf } from "@/lib/core/errors";
import type { ErrorBody } from "@/lib/core/error-body";

/**
 * The one HTTP error mapper: any thrown value → the JSON error answer of the contract in
 * `lib/core/error-body.ts`, with the message in the request's language (NEXT_LOCALE cookie,
 * the catalogue's fallback chain), `Retry-After` for a rate limit, `Connection: close` for a
 * body over its cap, and `no-store`. An unknown error is logged with its context (company,
 * path) and answers a generic 500: its text never leaves the server.
 */
export async function errorResponse(
  error: unknown,
  request: Request,
  context: Record<string, unknown> = {},
): Promise<Response> {
  const { error: appError, known } = asAppError(error);
  if (!known) {
    logUnexpected(error, { method: request.method, path: new URL(request.url).pathname, ...context });
  }
  const t = await translator(localeFromHeaders(request.headers));
  const body: ErrorBody = {
    code: appError.code,
    messageKey: appError.messageKey,
    message: translate(t, appError.messageKey, appError.values),
    values: appError.values,
    fieldErrors: appError.fieldErrors,
    ...(appError.leadRequired ? { leadRequired: true as const } : {}),
    ...(appError.retryAfter !== undefined ? { retryAfter: appError.retryAfter } : {}),
  };
  const headers = new Headers({ "Cache-Control": "no-store" });
  if (appError.retryAfter !== undefined) headers.set("Retry-After", String(appError.retryAfter));
  // A body over its cap was left unread: closing the connection stops its upload, where keeping it
  // alive would make the server receive (and discard) the rest before the next request.
  if (appError.code === "too_large") headers.set("Connection", "close");
  return Response.json(body, { status: statusOf[appError.code], headers });
}

/** The key itself when the catalogue lacks it (or a value is missing): an answer must not fail. */
function translate(
  t: (key: string, values?: Record<string, string | number>) => string,
  key: string,
  values: Record<string, string | number>,
): string {
  try {
    return t(key, values);
  } catch {
    return key;
  }
}
