import path from "node:path";
import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";
import { apiContentSecurityPolicy, securityHeaders } from "./lib/core/http/response-headers";

const withNextIntl = createNextIntlPlugin({
  requestConfig: "./lib/core/i18n/request.ts",
  // messages/*.json are compiled at build time (ICU → a compact form), so neither the browser nor
  // the server parses ICU at run time: the parser was 11.8 KB of every public page (issue #16).
  // `t.raw` is then unavailable (the app does not use it).
  experimental: { messages: { path: "./messages", format: "json", locales: "infer", precompile: true } },
});

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // The production server compresses, with brotli where the browser takes it (Next.js's own
  // compressor only speaks gzip): server/next-server.mjs.
  compress: false,
  reactStrictMode: true,
  // `npm run typecheck` (run in CI) checks the whole project, tests and scripts included;
  // repeating it inside every `next build` would only slow `npm start` down.
  typescript: { ignoreBuildErrors: true },
  cacheHandler: path.join(process.cwd(), "server/csp-cache-handler.cjs"),
  // Next.js's image optimizer is not used (public images are <picture> over /api/media, which
  // checks access on every request) and must not run: it fetches /api/media URLs without the
  // fan's cookies and keeps the bytes for hours by URL alone, so a photo read through it while
  // its gallery was public outlived a new password, an expiry or unpublishing (issue #36
  // review). Off, /_next/image answers 404 (tests/unit/image-optimizer-off.test.ts).
  images: { unoptimized: true },
  experimental: {
    // Pages regenerated at run time (ISR) and the tagged data cache live in memory, not in
    // .next/: a restarted server (or the next e2e run on a fresh database) never serves pages
    // rendered from another database. Several instances share nothing either way; a shared
    // cache handler (Redis …) is the scale-out step.
    isrFlushToDisk: false,
  },
  async headers() {
    return [
      // lib/core/http/response-headers.ts: the front door (server/front-door.ts) sets the same.
      { source: "/:path*", headers: [...securityHeaders] },
      {
        source: "/api/:path*",
        headers: [{ key: "Content-Security-Policy", value: apiContentSecurityPolicy }],
      },
    ];
  },
};

export default withNextIntl(nextConfig);
