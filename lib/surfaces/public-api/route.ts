import "server-only";
import { parseOrThrow } from "@/lib/core/errors";
import { parseJsonBody } from "@/lib/core/http/request";
import { respond } from "@/lib/core/http/route";
import { meterLimit, rateLimited, type LimitMeter } from "@/lib/core/rate-limit/limiter";
import { enforceIpLimit } from "@/lib/core/rate-limit/server";
import { assertScope, authenticateApiKey, recordKeyUse } from "@/lib/features/api-keys/authenticate";
import { bearerToken } from "@/lib/features/api-keys/token";
import { API_BODY_MAX_BYTES, API_RATE_LIMIT_PER_MINUTE } from "@/lib/features/api-keys/scopes";
import { env } from "@/lib/core/env";
import type { ApiOperation } from "@/lib/surfaces/public-api/operation";

const WINDOW_SECONDS = 60;

/**
 * The route handler of one /api/v1 operation. In order: the client address's limit (429, before
 * any key is looked up), the bearer key (401), its rate limit
 * (429; every answer after the key carries `RateLimit-Limit`, `-Remaining` and `-Reset`), its
 * scope (403), the input (422; a body over its cap 413), the work; every error in the app's one
 * JSON shape (lib/core/error-body.ts). Only the `Authorization` header authenticates — never a cookie — so
 * a page on another site cannot make a signed-in browser call the API (no CSRF to defend).
 * The answer is parsed through its schema, so nothing beyond the documented fields leaves.
 */
export function apiRoute<P>(
  operation: ApiOperation,
): (request: Request, context: { params: Promise<P> }) => Promise<Response> {
  return async (request, context) => {
    let meter: LimitMeter | undefined;
    let companyId: string | undefined;
    let keyId: string | undefined;
    const response = await respond(
      request,
      async () => {
        const token = bearerToken(request.headers);
        await enforceIpLimit(request, "api", env.RATE_LIMIT_API_ADDRESS, "api.errors.rateLimited");
        const caller = await authenticateApiKey(token);
        companyId = caller.membership.company.id;
        keyId = caller.keyId;
        meter = await meterLimit(
          { key: `api:${caller.keyId}`, limit: API_RATE_LIMIT_PER_MINUTE },
          WINDOW_SECONDS,
        );
        if (!meter.allowed) throw rateLimited(meter.resetSeconds, "api.errors.rateLimited");
        assertScope(caller, operation.scope);
        // An operation without a query or path parameters gets an empty object for them.
        const query = operation.query
          ? parseOrThrow(operation.query, Object.fromEntries(new URL(request.url).searchParams))
          : {};
        const params = operation.params ? parseOrThrow(operation.params, await context.params) : {};
        // The app's one body reader: capped (413), JSON only (422 otherwise), then the schema's 422.
        const body = operation.body
          ? await parseJsonBody(request, operation.body, {
              maxBytes: API_BODY_MAX_BYTES,
              messageKey: "api.errors.body",
            })
          : {};
        const result = await operation.handle({ caller, query, params, body });
        if (!operation.response) return new Response(null, { status: 204 });
        const answer = operation.response.schema.safeParse(result);
        // Our own answer not matching our own document is a bug: a 500, logged, never sent half-right.
        if (!answer.success)
          throw new Error(`${operation.operationId}: answer outside its schema: ${answer.error.message}`);
        return Response.json(answer.data, { status: operation.response.status ?? 200 });
      },
      () => ({ companyId, operation: operation.operationId }),
    );
    if (keyId && response.ok) await recordKeyUse(keyId);
    const headers = response.headers;
    headers.set("Cache-Control", "no-store");
    if (meter) {
      headers.set("RateLimit-Limit", String(meter.limit));
      headers.set("RateLimit-Remaining", String(meter.remaining));
      headers.set("RateLimit-Reset", String(meter.resetSeconds));
      headers.set("RateLimit-Policy", `${meter.limit};w=${WINDOW_SECONDS}`);
    }
    if (response.status === 401) headers.set("WWW-Authenticate", 'Bearer realm="afterglow-api"');
    return response;
  };
}
