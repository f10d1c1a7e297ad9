import { errorResponse } from "@/lib/core/http/error-response";

/**
 * Route handlers hold no try/catch: whatever their work throws becomes the one JSON error
 * answer (`lib/core/http/error-response.ts`). Public JSON routes (engagement, forms) are wrapped
 * by `publicRoute`; admin routes by `withMembership` (`lib/platform/tenancy/guard.ts`), which adds the
 * guard; both go through `respond`.
 */
export async function respond<T = Response>(
  request: Request,
  /** A Response, or an answer of its own kind (the fan API's JSON answers: lib/surfaces/fan-api/answer.ts). */
  work: () => Promise<T>,
  /** Logged with an unexpected error (the method and path always are). */
  logContext: () => Record<string, unknown> = () => ({}),
): Promise<T | Response> {
  try {
    return await work();
  } catch (error) {
    return errorResponse(error, request, logContext());
  }
}

/** A public route handler whose errors are mapped by the one mapper. */
export function publicRoute<R extends Request, C>(
  handler: (request: R, context: C) => Promise<Response>,
  logContext: Record<string, unknown> = {},
): (request: R, context: C) => Promise<Response> {
  return (request, context) =>
    respond(
      request,
      () => handler(request, context),
      () => logContext,
    );
}
