/**
 * What an API key may do (issue #38), one scope per resource and direction. Only scopes that a
 * route of /api/v1 asks for are offered: a key cannot be given a right nothing checks. Pure, so
 * the settings form imports the same list the routes check.
 */
export const API_SCOPES = [
  "events:read",
  "leads:read",
  "leads:write",
  "content:read",
  "content:write",
  "comments:read",
  "comments:write",
  "analytics:read",
  "webhooks:write",
] as const;

export type ApiScope = (typeof API_SCOPES)[number];

export function isApiScope(value: string): value is ApiScope {
  return (API_SCOPES as readonly string[]).includes(value);
}

/** How long a new key lives; `never` keeps it until revoked. The form's default is 90 days. */
export const API_KEY_LIFETIMES = ["30", "90", "365", "never"] as const;
export type ApiKeyLifetime = (typeof API_KEY_LIFETIMES)[number];
export const DEFAULT_API_KEY_LIFETIME: ApiKeyLifetime = "90";

/** Keys per company: each is a standing credential to its leads; more is a sign of keys never revoked. */
export const MAX_API_KEYS = 20;

/** Requests per key per minute (the `RateLimit-*` headers of every answer tell the count). */
export const API_RATE_LIMIT_PER_MINUTE = 120;

/** A write's JSON body is a few fields (`{ "hidden": true }`): past this it is refused unread (413). */
export const API_BODY_MAX_BYTES = 16 * 1024;

/** Where the API's reference and its OpenAPI document are served (app/api/v1/docs, …/openapi.json). */
export const API_REFERENCE_PATH = "/api/v1/docs";
export const API_DOCUMENT_PATH = "/api/v1/openapi.json";
