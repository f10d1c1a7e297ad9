/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS, loaded with require() */
/**
 * The whole-response micro-cache in front of Next.js (server/next-server.mjs): a cached
 * public page that Next.js answered from its own cache (`x-nextjs-cache: HIT`) is kept, as
 * the exact bytes and headers Next.js sent, for a few seconds, and the same request gets it
 * back without going through the proxy, the router, the render pipeline, the ETag and the
 * compression again. Those cost a festival crowd about five times a static file (issue #16);
 * the replay costs less than one.
 *
 * Correct by construction rather than by expiry:
 * - only what Next.js already shares between all visitors is kept (a HIT of the full-route
 *   cache, 200, no `private`/`no-store`), and only cookies that are a function of the request
 *   (the language and the visit source the proxy derives from the URL and the Referer);
 * - the key holds every input that the proxy or Next.js read to produce such an answer (host,
 *   URL, languages, the language cookie, the Referer's host, the accepted encodings); a
 *   request carrying anything else they read (a session, an RSC or router header, a
 *   condition, a range) is not served from here;
 * - an expired cache tag on any instance (shared-cache-tags.cjs) clears it at once, and an
 *   answer that was on its way while that happened is not kept (`generation`).
 *
 * CommonJS, outside the app bundle: the custom server and the cache handler load it with
 * require(); the two share one instance through `globalThis`, whichever loads it first.
 */
/*
 * The cookie parser Next.js reads a request's cookies with (`request.cookies` in proxy.ts is
 * NextRequest's RequestCookies, built on this `parseCookie`): the language is read here by the
 * very function that chooses the page's language, never by a look-alike of our own.
 */
const { parseCookie } = require("next/dist/compiled/@edge-runtime/cookies");

const INSTANCE = Symbol.for("afterglow.pageMicrocache");
/** `PUBLIC_CACHE_LISTENERS` of lib/platform/site/public-cache-listeners.ts. */
const PUBLIC_CACHE_LISTENERS = Symbol.for("afterglow.publicCacheListeners");
const REPLAY_HEADER = "x-afterglow-replay";

/** How long an answer is replayed at most (explicit expiry clears it sooner). */
const TTL_MS = 5_000;
const MAX_ENTRIES = 2_000;
const MAX_BYTES = 64 * 1024 * 1024;
const MAX_BODY = 2 * 1024 * 1024;
/** What an entry's headers (a page's CSP, cookies, Vary …) take, roughly, for the size bound. */
const HEADERS_SIZE = 4096;

/*
 * Facts of the TypeScript, copied because a .cjs cannot import it; tests/unit/server-copies.test.ts
 * fails when either copy changes alone.
 */
/** `locales` and `localeCookieName` of lib/core/i18n/config.ts. */
const LOCALES = ["pt", "en", "es", "fr"];
const LOCALE_COOKIE_NAME = "NEXT_LOCALE";
/** `SOURCE_COOKIE` of lib/platform/attribution/source.ts. */
const SOURCE_COOKIE_NAME = "ag_src";
/** `AUTH_COOKIE_PREFIX` of lib/platform/auth/cookie-prefix.ts. */
const AUTH_COOKIE_PREFIX = "afterglow";
/** `NONCE_HEADER` of lib/surfaces/public-site/csp.ts. */
const NONCE_HEADER = "x-nonce";
/**
 * The query parameters of a visit source: those lib/platform/attribution/parse.ts reads (`ch`,
 * `utm_source`) and the other UTM tags, which nothing reads. Any other query goes to Next.js.
 */
const SOURCE_PARAMS = new Set(["ch", "utm_source", "utm_medium", "utm_campaign", "utm_content", "utm_term"]);
/** The longest Referer lib/platform/attribution/parse.ts reads (its `referrerHost`). */
const MAX_REFERER = 2048;

/** Cookies the proxy sets as a pure function of the request (proxy.ts). */
const DERIVED_COOKIES = new Set([LOCALE_COOKIE_NAME, SOURCE_COOKIE_NAME]);
/** A longer key is someone's junk (real URLs and headers are far shorter): not kept. */
const MAX_KEY = 2048;
/**
 * `UNLOCK_COOKIE_PREFIX` of lib/platform/site/gallery-access.ts: a request with a password
 * gallery's unlock cookie may be sent to that gallery's per-request page by the proxy (issue #36),
 * so it is never answered from, nor kept in, this cache (any case: a superset of Next.js's match).
 */
const UNLOCK_COOKIE_PREFIX = "ag_unlock_";

/** Better Auth's session cookies (`__Secure-` on https). */
const SESSION_COOKIE = new RegExp(`(?:^|;\\s*)(?:__Secure-)?${AUTH_COOKIE_PREFIX}\\.`);

/** Request headers that change what Next.js answers: such requests always go to Next.js. */
const BYPASS_HEADERS = [
  "authorization",
  "rsc",
  "next-router-state-tree",
  "next-router-prefetch",
  "next-router-segment-prefetch",
  "next-url",
  "next-action",
  "range",
  "if-range",
  "if-none-match",
  "if-modified-since",
  NONCE_HEADER,
  "content-security-policy",
  "content-security-policy-report-only",
];

/** Headers of the stored answer that belong to its connection, not to the page. */
const CONNECTION_HEADERS = new Set([
  "date",
  "connection",
  "keep-alive",
  "transfer-encoding",
  "content-length",
]);

const LOCALE_NAME_FOLDED = LOCALE_COOKIE_NAME.toLowerCase();

/**
 * The one request cookie the proxy reads: the language (ag_src is only ever written). Its
 * value as Next.js reads it (`parseCookie`: split on `;` and the spaces after it, names
 * untrimmed, the last of two, percent-decoded), "" without one, or null — the request goes to
 * Next.js and its answer is not kept — unless the header names it exactly once, in any case
 * and any form, as a cookie called exactly `NEXT_LOCALE` whose value is a locale. A TAB before
 * the name (`a=1;\tNEXT_LOCALE=en` is no language cookie to Next.js: its name has the TAB),
 * two of them, a space around the `=` or the value: anything another reader could take for a
 * different language is not replayed to anyone (issue #34, row 10).
 */
function localeCookie(header) {
  if (!header) return "";
  const folded = header.toLowerCase();
  const at = folded.indexOf(LOCALE_NAME_FOLDED);
  if (at === -1) return "";
  if (folded.indexOf(LOCALE_NAME_FOLDED, at + 1) !== -1) return null;
  const cookies = parseCookie(header);
  for (const name of cookies.keys()) {
    if (name !== LOCALE_COOKIE_NAME && name.toLowerCase().includes(LOCALE_NAME_FOLDED)) return null;
  }
  const value = cookies.get(LOCALE_COOKIE_NAME);
  return value !== undefined && LOCALES.includes(value) ? value : null;
}

/** The Referer's host as the proxy reads it ("" for none or one it ignores). */
function refererHost(referer) {
  if (!referer || referer.length > MAX_REFERER) return "";
  try {
    const url = new URL(referer);
    if (url.protocol !== "https:" && url.protocol !== "http:") return "";
    return url.hostname.toLowerCase().replace(/\.$/, "");
  } catch {
    return "";
  }
}

/** Whether the query (if any) holds only the visit-source parameters the proxy reads. */
function sourceQueryOnly(url) {
  const index = url.indexOf("?");
  if (index === -1) return true;
  for (const name of new URLSearchParams(url.slice(index + 1)).keys()) {
    if (!SOURCE_PARAMS.has(name)) return false;
  }
  return true;
}

/** The cache key of a request, or null when it must go to Next.js. */
function keyFor(req) {
  if (req.method !== "GET") return null;
  // Files, data and the API are never pages Next.js caches: they pass with no work at all.
  if (req.url.startsWith("/_next/") || req.url.startsWith("/api/")) return null;
  const headers = req.headers;
  for (const name of BYPASS_HEADERS) if (headers[name] !== undefined) return null;
  // A click id (fbclid, gclid …) is new on every visit: such a page would only churn the cache.
  if (!sourceQueryOnly(req.url)) return null;
  const cookies = headers.cookie;
  if (cookies && SESSION_COOKIE.test(cookies)) return null;
  if (cookies && cookies.toLowerCase().includes(UNLOCK_COOKIE_PREFIX)) return null;
  const locale = localeCookie(cookies);
  if (locale === null) return null;
  const key = [
    headers.host ?? "",
    headers["x-forwarded-host"] ?? "",
    headers["x-forwarded-proto"] ?? "",
    req.url,
    headers["accept-encoding"] ?? "",
    headers["accept-language"] ?? "",
    locale,
    refererHost(headers.referer),
  ].join("\n");
  return key.length > MAX_KEY ? null : key;
}

function cookieNames(setCookie) {
  const list = setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [String(setCookie)];
  return list.map((cookie) => cookie.slice(0, Math.max(0, cookie.indexOf("="))).trim());
}

/** Whether a finished answer may be replayed to every request with the same key. */
function shareable(statusCode, headers) {
  if (statusCode !== 200 || headers["x-nextjs-cache"] !== "HIT") return false;
  const cacheControl = String(headers["cache-control"] ?? "");
  if (/\b(?:private|no-store|no-cache)\b/i.test(cacheControl)) return false;
  if (headers["content-range"] !== undefined) return false;
  return cookieNames(headers["set-cookie"]).every((name) => DERIVED_COOKIES.has(name));
}

class PageMicrocache {
  constructor(options = {}) {
    this.ttlMs = options.ttlMs ?? TTL_MS;
    this.maxEntries = options.maxEntries ?? MAX_ENTRIES;
    this.maxBytes = options.maxBytes ?? MAX_BYTES;
    this.now = options.now ?? Date.now;
    /** Least recently stored or replayed first: evicted first. */
    this.entries = new Map();
    this.bytes = 0;
    this.generation = 0;
  }

  /**
   * Forgets everything (a cache tag expired somewhere), and so do the caches registered beside it
   * (the front door's replay of public images, server/media-replay.ts).
   */
  clear() {
    this.generation++;
    this.entries.clear();
    this.bytes = 0;
    for (const listener of globalThis[PUBLIC_CACHE_LISTENERS] ?? []) listener();
  }

  /** Writes the stored answer for `key`; false when there is none (or it is too old). */
  serve(key, res) {
    const entry = this.entries.get(key);
    if (!entry) return false;
    if (this.now() - entry.storedAt > this.ttlMs) {
      this.delete(key, entry);
      return false;
    }
    // Most recently used last: a crowd's page is the last to be evicted.
    this.entries.delete(key);
    this.entries.set(key, entry);
    res.writeHead(200, entry.headers);
    res.end(entry.body);
    return true;
  }

  /**
   * Watches the answer Next.js writes to `res` and keeps it if it may be replayed. Must be
   * called before Next.js gets `res`: it sees the bytes as they go to the socket (after
   * Next.js's compression, which wraps these methods in turn).
   */
  record(key, res) {
    const generation = this.generation;
    // The replay's age counts from the request: a slowly read answer is no younger.
    const startedAt = this.now();
    const chunks = [];
    let size = 0;
    let keep = true;
    const write = res.write;
    const end = res.end;
    let first = true;
    const take = (chunk, encoding) => {
      if (first) {
        // The headers are final by the first byte: anything but a cached page is not copied.
        first = false;
        keep = res.statusCode === 200 && res.getHeader("x-nextjs-cache") === "HIT";
      }
      if (!keep || chunk === undefined || chunk === null || typeof chunk === "function") return;
      const buffer = Buffer.isBuffer(chunk)
        ? chunk
        : chunk instanceof Uint8Array
          ? Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
          : Buffer.from(String(chunk), typeof encoding === "string" ? encoding : "utf8");
      size += buffer.length;
      if (size > MAX_BODY) {
        keep = false;
        chunks.length = 0;
      } else chunks.push(Buffer.from(buffer)); // a copy: the caller may reuse its buffer
    };
    res.write = function (chunk, encoding, callback) {
      take(chunk, encoding);
      return write.call(this, chunk, encoding, callback);
    };
    res.end = function (chunk, encoding, callback) {
      take(chunk, encoding);
      return end.call(this, chunk, encoding, callback);
    };
    res.once("finish", () => {
      if (!keep || generation !== this.generation) return;
      const headers = res.getHeaders();
      if (!shareable(res.statusCode, headers)) return;
      const stored = {};
      for (const [name, value] of Object.entries(headers)) {
        if (!CONNECTION_HEADERS.has(name) && value !== undefined) stored[name] = value;
      }
      const body = Buffer.concat(chunks, size);
      stored["content-length"] = String(body.length);
      // Says, to tests and to whoever reads the headers, that this answer is a replay.
      stored[REPLAY_HEADER] = "1";
      this.store(key, { headers: stored, body, storedAt: startedAt });
    });
  }

  store(key, entry) {
    const previous = this.entries.get(key);
    if (previous) this.delete(key, previous);
    // The body, the key and about what its headers take.
    entry.size = entry.body.length + key.length + HEADERS_SIZE;
    this.entries.set(key, entry);
    this.bytes += entry.size;
    const now = this.now();
    for (const [oldKey, oldEntry] of this.entries) {
      if (now - oldEntry.storedAt > this.ttlMs) this.delete(oldKey, oldEntry);
    }
    for (const [oldKey, oldEntry] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.delete(oldKey, oldEntry);
    }
  }

  delete(key, entry) {
    this.entries.delete(key);
    this.bytes -= entry.size;
  }
}

/** The process's micro-cache (one per process, shared by the server and the cache handler). */
function pageMicrocache() {
  globalThis[INSTANCE] ??= new PageMicrocache();
  return globalThis[INSTANCE];
}

module.exports = {
  pageMicrocache,
  PageMicrocache,
  keyFor,
  shareable,
  refererHost,
  REPLAY_HEADER,
  HEADERS_SIZE,
  TTL_MS,
  LOCALES,
  LOCALE_COOKIE_NAME,
  SOURCE_COOKIE_NAME,
  AUTH_COOKIE_PREFIX,
  UNLOCK_COOKIE_PREFIX,
  NONCE_HEADER,
  SOURCE_PARAMS,
};
