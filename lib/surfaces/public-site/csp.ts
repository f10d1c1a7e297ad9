import { randomBytes } from "node:crypto";

/**
 * Content-Security-Policy of the app's pages (spec §9, issue #4 §12, issue #12 hole 9). Two
 * kinds of page, two script policies; which one a request gets is decided by `pageKind`
 * alone (called by `proxy.ts` through `pageSecurity` in security-headers.ts):
 *
 * 1. Dynamic pages — the signed-in area (`app/[locale]/(per-request)`: admin, auth, onboarding …),
 *    rendered per request (its layout is `force-dynamic`): `dynamicPolicy`, with
 *    `script-src 'self' 'nonce-…' 'strict-dynamic'`. The proxy puts the same policy on the
 *    request, where Next.js reads the nonce for its own scripts; the root layout reads it
 *    (`requestNonce`) for the theme scripts. A fresh nonce per request; no inline script
 *    without it runs.
 * 2. Cached public pages — everything else (`force-static`, ISR): a nonce cannot be cached, so
 *    the proxy sends `cachedPagePolicy` (sources only; its `script-src` allows inline scripts)
 *    and `server/csp-cache-handler.cjs` adds a second policy to every cached page:
 *    `script-src 'self'` plus the SHA-256 of each inline script Next.js itself wrote into that
 *    page. A browser enforces both, so only those exact inline scripts run.
 *
 * Plain module (no `@/` imports, no process.env): the proxy and tests import it.
 */
export interface CspOptions {
  /** Origins the browser loads media from (the storage endpoint behind the signed URLs). */
  storageOrigins: string[];
  /** The form service submissions are forwarded to (server-side, listed for completeness). */
  formServiceOrigin?: string;
  analytics: boolean;
  development: boolean;
  https: boolean;
}

export type PageKind = "dynamic" | "cached";

/**
 * The first segments of the signed-in area (the folders of `app/[locale]/(per-request)`, which
 * `tests/unit/public-csp.test.ts` compares with this list). Each folder also has a catch-all,
 * so no path below them reaches a cached public route.
 */
export const DYNAMIC_AREAS: ReadonlySet<string> = new Set([
  "account",
  "admin",
  "auth",
  "email-confirmation",
  "invite",
  "onboarding",
  "review",
  "~unlocked",
]);

/** Request header carrying the nonce to the app's own inline scripts (see `requestNonce`). */
export const NONCE_HEADER = "x-nonce";

/** Which policy a page gets, from its internal path (`/{locale}/…`, after the proxy's rewrite). */
export function pageKind(internalPath: string): PageKind {
  const area = internalPath.split("/")[2] ?? "";
  let decoded = area;
  try {
    decoded = decodeURIComponent(area);
  } catch {
    // a malformed escape is no area name
  }
  return DYNAMIC_AREAS.has(decoded) ? "dynamic" : "cached";
}

/** 18 random bytes: 24 base64 characters, no padding. */
export function newNonce(): string {
  return randomBytes(18).toString("base64");
}

const ANALYTICS_SCRIPT = "https://www.googletagmanager.com";
const ANALYTICS_CONNECT = [
  "https://www.google-analytics.com",
  "https://*.google-analytics.com",
  "https://*.analytics.google.com",
  "https://www.googletagmanager.com",
];

type Directive = [string, ...string[]];

function policy(options: CspOptions, scriptSrc: Directive): string {
  const storage = options.storageOrigins;
  const analytics = options.analytics ? ANALYTICS_CONNECT : [];
  const directives: Directive[] = [
    ["default-src", "'self'"],
    scriptSrc,
    // React writes `style` attributes (progress bars, waveforms): a nonce cannot cover those.
    ["style-src", "'self'", "'unsafe-inline'"],
    ["img-src", "'self'", "data:", "blob:", ...storage, ...analytics],
    ["media-src", "'self'", "blob:", ...storage],
    ["font-src", "'self'", "data:"],
    [
      "connect-src",
      "'self'",
      ...storage,
      ...(options.formServiceOrigin ? [options.formServiceOrigin] : []),
      ...analytics,
      ...(options.development ? ["ws:", "wss:"] : []),
    ],
    ["worker-src", "'self'", "blob:"],
    ["manifest-src", "'self'"],
    ["frame-src", "'none'"],
    ["object-src", "'none'"],
    ["base-uri", "'none'"],
    ["form-action", "'self'"],
    ["frame-ancestors", "'self'"],
  ];
  if (options.https) directives.push(["upgrade-insecure-requests"]);
  return directives.map((d) => d.join(" ")).join("; ");
}

/** Dynamic pages: only scripts carrying this request's nonce, and what they load, run. */
export function dynamicPolicy(options: CspOptions, nonce: string): string {
  return policy(options, [
    "script-src",
    "'self'",
    `'nonce-${nonce}'`,
    // Next.js and the consent manager add script elements from trusted (nonced) scripts.
    "'strict-dynamic'",
    // React's development build evaluates strings (call stacks); never in production.
    ...(options.development ? ["'unsafe-eval'"] : []),
  ]);
}

/**
 * Cached pages: the sources; scripts are restricted by the hash policy the cache handler adds
 * to each cached page (a second header, enforced as well).
 */
export function cachedPagePolicy(options: CspOptions): string {
  return policy(options, [
    "script-src",
    "'self'",
    "'unsafe-inline'",
    ...(options.development ? ["'unsafe-eval'"] : []),
    ...(options.analytics ? [ANALYTICS_SCRIPT] : []),
  ]);
}

/**
 * Origins of the storage endpoint as the browser sees them: path-style (`endpoint/bucket/key`)
 * or virtual-hosted (`bucket.endpoint/key`, AWS's default).
 */
export function storageOrigins(options: {
  endpoint?: string;
  bucket: string;
  region: string;
  forcePathStyle: boolean;
}): string[] {
  if (options.endpoint) {
    const url = new URL(options.endpoint);
    if (options.forcePathStyle) return [url.origin];
    return [`${url.protocol}//${options.bucket}.${url.host}`, url.origin];
  }
  const aws = `s3.${options.region}.amazonaws.com`;
  return [`https://${options.bucket}.${aws}`, `https://${aws}`];
}
