import { appUrl, env } from "@/lib/core/env";
import { requestIsHttps } from "@/lib/core/http/scheme";
import {
  cachedPagePolicy,
  dynamicPolicy,
  newNonce,
  NONCE_HEADER,
  pageKind,
  storageOrigins,
  type CspOptions,
} from "@/lib/surfaces/public-site/csp";

/**
 * Security headers that depend on the running configuration (storage endpoint, form
 * service, analytics, https), so they are computed at start-up rather than baked into the
 * build: `proxy.ts` adds them to every page. Static ones live in next.config.ts.
 */
function cspOptions(): CspOptions {
  // The same defaults as lib/core/storage/s3-client.ts, without loading the S3 SDK into the proxy.
  // Browsers fetch media from the store as they reach it (lib/core/storage/index.ts).
  const endpoint = env.S3_PUBLIC_ENDPOINT ?? env.S3_ENDPOINT ?? `http://127.0.0.1:${env.EMBEDDED_S3_PORT}`;
  return {
    storageOrigins: storageOrigins({
      endpoint,
      bucket: env.S3_BUCKET,
      region: env.S3_REGION,
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
    }),
    formServiceOrigin: env.FORM_FORWARD_URL ? new URL(env.FORM_FORWARD_URL).origin : undefined,
    analytics: Boolean(env.ANALYTICS_TAG_ID),
    development: env.NODE_ENV === "development",
    https: new URL(appUrl).protocol === "https:",
  };
}

/**
 * The store's origin as browsers reach it (the first of `storageOrigins`): public pages
 * preconnect to it, since the logo, the videos and the downloads redirect there (/api/media →
 * a presigned URL; lib/surfaces/public-site/media-access.ts).
 */
export function mediaOrigin(): string {
  return cspOptions().storageOrigins[0]!;
}

/**
 * HSTS by whose host it is. The app's own domain (and the tenants' subdomains of it) is ours:
 * two years, its subdomains included, ready for the browsers' preload list. A tenant's custom
 * domain is theirs: only that one name, never `includeSubDomains` (their other hosts are not
 * ours to pin to HTTPS) nor `preload` (a list entry only the domain's owner may ask for). One
 * year there: the name was pointed at us and served over HTTPS with our certificate, a year is
 * what protects a fan who comes back months later, and a tenant who moves the name away can end
 * it at once by answering `max-age=0` over HTTPS from the new host.
 */
export type HostScope = "own" | "custom";
export const HSTS: Record<HostScope, string> = {
  own: "max-age=63072000; includeSubDomains; preload",
  custom: "max-age=31536000",
};

/** Policy headers a client may send; only the proxy's own reach the page. */
const POLICY_REQUEST_HEADERS = [
  "content-security-policy",
  "content-security-policy-report-only",
  NONCE_HEADER,
];

export interface PageSecurity {
  /**
   * Headers of the request as the page sees it; null when they are the client's own (a
   * cached page without any policy header), which spares every public page request the
   * copy of its headers that Next.js would otherwise carry through `x-middleware-request-*`.
   */
  request: Headers | null;
  /** Headers added to the response. */
  response: Record<string, string>;
}

/**
 * The one place deciding a page's policy (see lib/surfaces/public-site/csp.ts): a dynamic page gets a fresh
 * nonce, on the request (Next.js and `requestNonce` read it there) and in the response's
 * policy; a cached page gets the sources policy (its hash policy comes with the cache entry)
 * and a request without any policy header, so no client-chosen nonce is written into a page
 * that is cached for everyone.
 */
export function createPageSecurity(options: CspOptions = cspOptions()) {
  const cachedPolicy = cachedPagePolicy(options);
  const production = env.NODE_ENV === "production";
  return function pageSecurity(internalPath: string, incoming: Headers, scope: HostScope): PageSecurity {
    const dynamic = pageKind(internalPath) === "dynamic";
    let request: Headers | null = null;
    if (dynamic || POLICY_REQUEST_HEADERS.some((name) => incoming.has(name))) {
      request = new Headers(incoming);
      for (const name of POLICY_REQUEST_HEADERS) request.delete(name);
    }
    let policy = cachedPolicy;
    if (dynamic && request) {
      const nonce = newNonce();
      policy = dynamicPolicy(options, nonce);
      request.set("content-security-policy", policy);
      request.set(NONCE_HEADER, nonce);
    }
    const response: Record<string, string> = { "Content-Security-Policy": policy };
    // Only on an answer that goes out over HTTPS (browsers ignore it on plain HTTP), as the
    // server's preload settled the scheme from the socket or a trusted proxy.
    if (production && requestIsHttps(incoming)) response["Strict-Transport-Security"] = HSTS[scope];
    return { request, response };
  };
}
