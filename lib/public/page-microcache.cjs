/**
 * The whole-response micro-cache in front of Next.js (scripts/lib/next-server.mjs): a cached
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
const INSTANCE = Symbol.for("afterglow.pageMicrocache");
const REPLAY_HEADER = "x-afterglow-replay";

/** How long an answer is replayed at most (explicit expiry clears it sooner). */
const TTL_MS = 5_000;
const MAX_ENTRIES = 2_000;
const MAX_BYTES = 64 * 1024 * 1024;
const MAX_BODY = 2 * 1024 * 1024;

/** Cookies the proxy sets as a pure function of the request (proxy.ts). */
const DERIVED_COOKIES = new Set(["NEXT_LOCALE", "ag_src"]);
/** The request's cookies that the proxy reads: the language. (ag_src is only ever written.) */
const LOCALE_COOKIE = "NEXT_LOCALE";
/** Better Auth's session cookies (lib/auth/cookie-prefix.ts; `__Secure-` on https). */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?afterglow\./;

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
  "x-nonce",
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

function cookieValue(header, name) {
  if (!header) return "";
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return "";
}

function refererHost(referer) {
  if (!referer) return "";
  try {
    return new URL(referer).host.toLowerCase();
  } catch {
    return "?";
  }
}

/** The cache key of a request, or null when it must go to Next.js. */
function keyFor(req) {
  if (req.method !== "GET") return null;
  // Files, data and the API are never pages Next.js caches: they pass with no work at all.
  if (req.url.startsWith("/_next/") || req.url.startsWith("/api/")) return null;
  const headers = req.headers;
  for (const name of BYPASS_HEADERS) if (headers[name] !== undefined) return null;
  const cookies = headers.cookie;
  if (cookies && SESSION_COOKIE.test(cookies)) return null;
  return [
    headers.host ?? "",
    headers["x-forwarded-host"] ?? "",
    headers["x-forwarded-proto"] ?? "",
    req.url,
    headers["accept-encoding"] ?? "",
    headers["accept-language"] ?? "",
    cookieValue(cookies, LOCALE_COOKIE),
    refererHost(headers.referer),
  ].join("\n");
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
    /** Insertion-ordered: the first entry is the oldest, evicted first. */
    this.entries = new Map();
    this.bytes = 0;
    this.generation = 0;
  }

  /** Forgets everything (a cache tag expired somewhere). */
  clear() {
    this.generation++;
    this.entries.clear();
    this.bytes = 0;
  }

  /** Writes the stored answer for `key`; false when there is none (or it is too old). */
  serve(key, res) {
    const entry = this.entries.get(key);
    if (!entry) return false;
    if (this.now() - entry.storedAt > this.ttlMs) {
      this.delete(key, entry);
      return false;
    }
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
      this.store(key, { headers: stored, body, storedAt: this.now() });
    });
  }

  store(key, entry) {
    const previous = this.entries.get(key);
    if (previous) this.delete(key, previous);
    this.entries.set(key, entry);
    this.bytes += entry.body.length;
    for (const [oldKey, oldEntry] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.delete(oldKey, oldEntry);
    }
  }

  delete(key, entry) {
    this.entries.delete(key);
    this.bytes -= entry.body.length;
  }
}

/** The process's micro-cache (one per process, shared by the server and the cache handler). */
function pageMicrocache() {
  globalThis[INSTANCE] ??= new PageMicrocache();
  return globalThis[INSTANCE];
}

module.exports = { pageMicrocache, PageMicrocache, keyFor, shareable, REPLAY_HEADER, TTL_MS };
