/**
 * Content-Security-Policy of the app (spec §9, issue #4 §12), in two layers:
 *
 * 1. `basePolicy` — sent by `proxy.ts` with every page: sources for images, media and
 *    connections (the app, the storage endpoint, the form service), `object-src 'none'`,
 *    `base-uri 'none'`, `frame-ancestors 'self'`. Its `script-src` still allows inline
 *    scripts, because Next.js writes the page's data as inline scripts and a page rendered
 *    for the cache cannot carry a per-request nonce.
 * 2. `lib/public/csp-cache-handler.cjs` — adds a second policy to every cached page:
 *    `script-src 'self'` plus the SHA-256 of each inline script Next.js itself wrote into
 *    that page (recognised by shape). A browser enforces both policies, so on cached
 *    (public) pages only the app's own script files and those exact inline scripts run.
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

const ANALYTICS_SCRIPT = "https://www.googletagmanager.com";
const ANALYTICS_CONNECT = [
  "https://www.google-analytics.com",
  "https://*.google-analytics.com",
  "https://*.analytics.google.com",
  "https://www.googletagmanager.com",
];

export function basePolicy(options: CspOptions): string {
  const storage = options.storageOrigins;
  const analytics = options.analytics ? ANALYTICS_CONNECT : [];
  const directives: [string, ...string[]][] = [
    ["default-src", "'self'"],
    [
      "script-src",
      "'self'",
      "'unsafe-inline'",
      ...(options.development ? ["'unsafe-eval'"] : []),
      ...(options.analytics ? [ANALYTICS_SCRIPT] : []),
    ],
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
