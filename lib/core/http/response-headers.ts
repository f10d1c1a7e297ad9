/**
 * The fixed headers of every answer, set by next.config.ts `headers()`, and by the front door
 * (server/front-door.ts) on the answers it gives without Next.js: one list for both.
 * Pages also get a Content-Security-Policy (and HSTS over https) from proxy.ts, computed from
 * the running configuration: a per-request nonce in the signed-in area, and on cached pages a
 * hash-based script policy from the cache handler (see lib/surfaces/public-site/csp.ts).
 *
 * Imported by next.config.ts: relative imports only, nothing that reads the environment.
 */
export interface HeaderEntry {
  key: string;
  value: string;
}

export const securityHeaders: readonly HeaderEntry[] = [
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "X-Frame-Options", value: "SAMEORIGIN" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=()" },
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
];

/** The API answers data, files and redirects, never a page that needs to run or load anything. */
export const apiContentSecurityPolicy =
  "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** Every header an `/api/…` answer carries before its handler adds its own. */
export const apiHeaders: readonly HeaderEntry[] = [
  ...securityHeaders,
  { key: "Content-Security-Policy", value: apiContentSecurityPolicy },
];
