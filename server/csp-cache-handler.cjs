/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS, loaded by Next.js with require() */
/**
 * Next.js cache handler (next.config `cacheHandler`): the built-in file-system cache, plus
 * a hash-based Content-Security-Policy on every cached page (see lib/surfaces/public-site/csp.ts; the
 * signed-in area is never cached and has a per-request nonce instead) and its `Vary`.
 *
 * Every inline script in a cached page's HTML is one Next.js wrote: the page's data
 * (`self.__next_f.push([1,"…"])`, a JSON string only), the bundler's bootstrap
 * (`TURBOPACK.push({…})`, a JSON object only) and next-themes' pre-paint theme script.
 * Each is recognised by its exact shape and its SHA-256 listed in `script-src`; anything
 * else inline is left out, so it would not run. The header is computed once per cache entry
 * (when it is stored, and for build-time pages when first read) and kept with the entry.
 *
 * CommonJS and outside the app bundle: Next.js loads it with require() at start-up, so it
 * reads `process.env` itself (only ANALYTICS_TAG_ID, whose script host it must allow).
 */
const { createHash } = require("node:crypto");
const FileSystemCache = require("next/dist/server/lib/incremental-cache/file-system-cache.js").default;
const sharedTags = require("./shared-cache-tags.cjs");

const HEADER = "content-security-policy";
const INLINE_SCRIPT = /<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi;
const JSON_STRING = String.raw`"(?:[^"\\]|\\.)*"`;
const SHAPES = [
  /^\(self\.__next_f=self\.__next_f\|\|\[\]\)\.push\(\[0\]\)$/,
  new RegExp(String.raw`^self\.__next_f\.push\(\[\d+,${JSON_STRING}\]\)$`),
  new RegExp(String.raw`^self\.__next_f\.push\(\[\d+\]\)$`),
];
const TURBOPACK =
  /^\(globalThis\["TURBOPACK"\] \|\| \(globalThis\["TURBOPACK"\] = \[\]\)\)\.push\((\{.*\})\);?$/s;
// next-themes: `(<its minified function>)(<the ThemeProvider's options as JSON>)`, the options of
// components/preferences/theme-provider.tsx (tests/unit/server-copies.test.ts renders it).
const THEME =
  /^\(\([\w$]+(?:,[\w$]+){7}\)=>\{let [\w$]+=document\.documentElement,[\s\S]*\}\)\(("class"),"theme","system",null,\["light","dark"\],null,true,true\)$/;

/** The analytics script's host, as lib/surfaces/public-site/csp.ts allows it (`cachedPagePolicy`). */
const ANALYTICS_SCRIPT = "https://www.googletagmanager.com";

function isKnownScript(body) {
  if (SHAPES.some((shape) => shape.test(body))) return true;
  const turbopack = TURBOPACK.exec(body);
  if (turbopack) {
    try {
      JSON.parse(turbopack[1]);
      return true;
    } catch {
      return false;
    }
  }
  return THEME.test(body);
}

/** The script policy of one page's HTML: `'self'` plus the hash of each known inline script. */
function scriptPolicyFor(html, options = {}) {
  const hashes = new Set();
  const unknown = [];
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const body = match[1];
    if (!body) continue;
    if (isKnownScript(body))
      hashes.add(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
    else unknown.push(body.slice(0, 80));
  }
  const extra = options.analytics ? [ANALYTICS_SCRIPT] : [];
  const policy = [
    `script-src 'self' ${[...hashes, ...extra].join(" ")}`.trim(),
    "object-src 'none'",
    "base-uri 'none'",
  ].join("; ");
  return { policy, unknown };
}

/** Whether an analytics tag is set, read as lib/core/env.ts reads ANALYTICS_TAG_ID (trimmed). */
function analyticsConfigured(value = process.env.ANALYTICS_TAG_ID) {
  return Boolean(value && value.trim());
}
const analytics = analyticsConfigured();

// A nonce in a cached page would be served to everyone: the proxy gives nonces to the
// signed-in area only, which is never cached (lib/surfaces/public-site/csp.ts). Seeing one means a route
// was moved between the two without moving its policy.
const NONCE_ATTRIBUTE = /<script\b[^>]*\snonce=/i;

function withPolicy(value) {
  if (!value || value.kind !== "APP_PAGE" || typeof value.html !== "string" || !value.html) return;
  if (value.headers && value.headers[HEADER]) return;
  if (NONCE_ATTRIBUTE.test(value.html)) console.error("[afterglow] csp: a page with a nonce was cached");
  const { policy, unknown } = scriptPolicyFor(value.html, { analytics });
  if (unknown.length > 0) console.warn("[afterglow] csp: inline scripts left out of the policy", unknown);
  value.headers = { ...(value.headers || {}), [HEADER]: policy };
}

/**
 * A cached page's public URL (`/demo/evento/x`) serves every language: proxy.ts picks the
 * internal `/{locale}/…` page from the NEXT_LOCALE cookie, else from Accept-Language (issue
 * #15). The app's own cache is keyed by that internal path, but an HTTP cache in front sees the
 * URL and the `s-maxage`, so the answer says what it depends on. Here rather than in proxy.ts:
 * Next.js sets the page's `Vary` itself (RSC, router state …) after the proxy's headers, and
 * only appends a cache entry's headers after that.
 */
const VARY = "vary";
const LANGUAGE_VARY = "Cookie, Accept-Language";

function withVary(value) {
  if (!value || value.kind !== "APP_PAGE") return;
  if (value.headers && value.headers[VARY]) return;
  value.headers = { ...(value.headers || {}), [VARY]: LANGUAGE_VARY };
}

class CspCacheHandler extends FileSystemCache {
  async get(key, ctx) {
    await sharedTags.ready();
    const data = await super.get(key, ctx);
    if (data && data.value) {
      withPolicy(data.value);
      withVary(data.value);
    }
    return data;
  }

  async set(key, data, ctx) {
    // The same object answers the request that rendered it, so the first visitor gets it too.
    withPolicy(data);
    withVary(data);
    return super.set(key, data, ctx);
  }

  // Expired here, expired on every instance (shared-cache-tags.cjs).
  async revalidateTag(tags, durations) {
    await super.revalidateTag(tags, durations);
    await sharedTags.publish(typeof tags === "string" ? [tags] : tags);
  }
}

module.exports = CspCacheHandler;
module.exports.default = CspCacheHandler;
module.exports.scriptPolicyFor = scriptPolicyFor;
module.exports.analyticsConfigured = analyticsConfigured;
