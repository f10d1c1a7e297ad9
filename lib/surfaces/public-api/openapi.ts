import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from "zod-openapi";
import { appUrl } from "@/lib/core/env";
import { API_BODY_MAX_BYTES, API_RATE_LIMIT_PER_MINUTE, API_SCOPES } from "@/lib/features/api-keys/scopes";
import type { ApiOperation } from "@/lib/surfaces/public-api/operation";
import { API_OPERATIONS } from "@/lib/surfaces/public-api/operations";
import { errorBody } from "@/lib/surfaces/public-api/schemas";

/** Where /api/v1 lives (the route files under app/api/v1). */
export const API_BASE_PATH = "/api/v1";

const rateLimitHeaders = {
  "RateLimit-Limit": { description: "Requests allowed per window.", schema: { type: "integer" as const } },
  "RateLimit-Remaining": {
    description: "Requests left in this window.",
    schema: { type: "integer" as const },
  },
  "RateLimit-Reset": { description: "Seconds until the window ends.", schema: { type: "integer" as const } },
};

const error = (description: string) => ({
  description,
  content: { "application/json": { schema: errorBody } },
});

function operationObject(operation: ApiOperation): ZodOpenApiOperationObject {
  return {
    operationId: operation.operationId,
    tags: [operation.tag],
    summary: operation.summary,
    description: `${operation.description ?? ""}\n\nScope: \`${operation.scope}\`.`.trim(),
    security: [{ apiKey: [] }],
    requestParams: {
      ...(operation.query ? { query: operation.query } : {}),
      ...(operation.params ? { path: operation.params } : {}),
    },
    ...(operation.body
      ? { requestBody: { required: true, content: { "application/json": { schema: operation.body } } } }
      : {}),
    responses: {
      ...(operation.response
        ? {
            [String(operation.response.status ?? 200)]: {
              description: operation.response.description,
              headers: rateLimitHeaders,
              content: { "application/json": { schema: operation.response.schema } },
            },
          }
        : { "204": { description: "Done.", headers: rateLimitHeaders } }),
      "401": error("No key, or a key that is unknown, revoked, expired or whose maker left the company."),
      "403": error(
        "The key lacks the scope, the company's plan lacks the feature, or the key's maker must turn on two-factor authentication.",
      ),
      ...(operation.notFound ? { "404": error("No such record in the key's company.") } : {}),
      ...(operation.body ? { "413": error(`The body is over ${API_BODY_MAX_BYTES / 1024} KB.`) } : {}),
      "422": error(
        operation.body
          ? "The input is invalid (or the body is not JSON with `Content-Type: application/json`); `fieldErrors` names the fields."
          : "The input is invalid; `fieldErrors` names the fields.",
      ),
      "429": {
        ...error(`Over ${API_RATE_LIMIT_PER_MINUTE} requests a minute for this key.`),
        headers: { "Retry-After": { description: "Seconds to wait.", schema: { type: "integer" as const } } },
      },
    },
  };
}

let made: ReturnType<typeof makeDocument> | undefined;

/** The OpenAPI 3.1 document of /api/v1, made from the operations the routes run (once per process). */
export function apiDocument() {
  made ??= makeDocument();
  return made;
}

function makeDocument() {
  const paths: ZodOpenApiPathsObject = {};
  for (const operation of API_OPERATIONS) {
    const item = (paths[operation.path] ??= {});
    item[operation.method.toLowerCase() as "get" | "post" | "patch" | "delete"] = operationObject(operation);
  }
  return createDocument({
    openapi: "3.1.0",
    info: {
      title: "Afterglow API",
      version: "1.0.0",
      description: [
        "The Enterprise plan's API: a company's events, leads, content, comments and analytics for its own systems.",
        "",
        "Authenticate with an API key from Settings → Integrations: `Authorization: Bearer ag_…`.",
        `Scopes: ${API_SCOPES.map((s) => `\`${s}\``).join(", ")}. A key acts as the admin who made it.`,
        `Each key may make ${API_RATE_LIMIT_PER_MINUTE} requests a minute; every answer says how many are left.`,
        "Lists are paged with an opaque `cursor`: pass the previous page's `nextCursor` until it is null.",
      ].join("\n"),
    },
    servers: [{ url: `${appUrl}${API_BASE_PATH}` }],
    components: {
      securitySchemes: {
        apiKey: { type: "http", scheme: "bearer", description: "An API key (`ag_…`)." },
      },
    },
    paths,
  });
}
