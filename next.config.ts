import path from "node:path";
import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";

const withNextIntl = createNextIntlPlugin({
  requestConfig: "./lib/i18n/request.ts",
  // messages/*.json are compiled at build time (ICU → a compact form), so neither the browser nor
  // the server parses ICU at run time: the parser was 11.8 KB of every public page (issue #16).
  // `t.raw` is then unavailable (the app does not use it).
  experimental: { messages: { path: "./messages", format: "json", locales: "infer", precompile: true } },
});

const securityHeaders = [
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "X-Frame-Options", value: "SAMEORIGIN" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=()" },
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
];
// Pages also get a Content-Security-Policy (and HSTS over https) from proxy.ts, computed
// from the running configuration: a per-request nonce in the signed-in area, and on cached
// pages a hash-based script policy from the cache handler below (see lib/public/csp.ts).
// The API answers data, files and redirects, never a page that needs to run or load anything.
const apiPolicy = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

const nextConfig: NextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  // `npm run typecheck` (run in CI) checks the whole project, tests and scripts included;
  // repeating it inside every `next build` would only slow `npm start` down.
  typescript: { ignoreBuildErrors: true },
  cacheHandler: path.join(process.cwd(), "lib/public/csp-cache-handler.cjs"),
  experimental: {
    // Pages regenerated at run time (ISR) and the tagged data cache live in memory, not in
    // .next/: a restarted server (or the next e2e run on a fresh database) never serves pages
    // rendered from another database. Several instances share nothing either way; a shared
    // cache handler (Redis …) is the scale-out step.
    isrFlushToDisk: false,
  },
  async headers() {
    return [
      { source: "/:path*", headers: securityHeaders },
      { source: "/api/:path*", headers: [{ key: "Content-Security-Policy", value: apiPolicy }] },
    ];
  },
};

export default withNextIntl(nextConfig);
