/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS, loaded by server/next-server.mjs */
/**
 * The build's static files (`/_next/static/*`) and `public/`, answered from memory by the
 * production server (server/next-server.mjs) before Next.js sees the request (issue #35).
 * Next.js's own handler stats the file, runs the router and compressed the bytes again on
 * every request: the largest script chunk came at ~100 requests/s where nginx serves the same
 * bytes at ~60,000.
 *
 * Every file is read once, at start, with its precompressed siblings (`x.js.br`, `x.js.gz`:
 * made at build time by scripts/lib/precompress.ts, brotli 11 and gzip 9; public/ files are
 * compressed here, once, at start). Each answer's headers are computed then too, so a request
 * is a Map lookup and one `writeHead` + `end` of a Buffer. Nothing is compressed per request.
 *
 * - The encoding is chosen by the request's Accept-Encoding, q-values honoured: brotli, else
 *   gzip, else the file as it is; every answer says `Vary: Accept-Encoding`.
 * - A strong ETag per encoding (of the content) and Last-Modified; `If-None-Match` (then
 *   `If-Modified-Since`) answers 304 with the same ETag, Cache-Control and Vary.
 * - GET and HEAD only (405 otherwise); a Range is ignored (the whole file, 200), which HTTP
 *   allows: scripts and stylesheets are small and never fetched in parts.
 * - Only the files found at start exist: a path is looked up, never joined onto the disk, so
 *   `..`, `%2f` and friends find nothing. Under `/_next/static/` nothing found is a plain 404
 *   (not Next.js's rendered 404 page); anything else not found goes on to Next.js.
 * - The headers next.config.ts gives every path (Next.js's routes-manifest.json: the security
 *   headers) are sent as Next.js sends them, so the answers keep parity with it but for speed.
 *
 * A file larger than MAX_FILE, or beyond MAX_TOTAL all together, is left to Next.js.
 */
const crypto = require("node:crypto");
const fs = require("node:fs");
const path = require("node:path");
const zlib = require("node:zlib");
const { lookup } = require("mrmime");

/** The build's hashed files: a new build has new names, so a year, never revalidated. */
const IMMUTABLE = "public, max-age=31536000, immutable";
/** public/ files keep their names across deployments: an hour, then revalidated by ETag. */
const PUBLIC_MAX_AGE = "public, max-age=3600";
const MAX_FILE = 8 * 1024 * 1024;
const MAX_TOTAL = 128 * 1024 * 1024;

/** What compresses (text, vector images, fonts not compressed already): `scripts/lib/precompress.ts` too. */
const COMPRESSIBLE = new Set([
  "js",
  "mjs",
  "css",
  "svg",
  "json",
  "map",
  "txt",
  "xml",
  "html",
  "webmanifest",
  "ico",
  "ttf",
  "otf",
  "eot",
  "wasm",
]);
/** The encodings we keep siblings of, in order of preference; the suffix of each sibling. */
const ENCODINGS = [
  { name: "br", suffix: ".br" },
  { name: "gzip", suffix: ".gz" },
];
/** Types mrmime does not know. */
const EXTRA_TYPES = { ico: "image/x-icon" };
/** Text types are UTF-8 (Next.js says so too; a stylesheet without a charset is the page's). */
const TEXT_TYPE = /^(?:text\/|application\/(?:javascript|json|manifest\+json|xml)|image\/svg\+xml$)/;

function extensionOf(name) {
  const dot = name.lastIndexOf(".");
  return dot === -1 ? "" : name.slice(dot + 1).toLowerCase();
}

function contentType(name) {
  const extension = extensionOf(name);
  const type = lookup(extension) ?? EXTRA_TYPES[extension] ?? "application/octet-stream";
  return TEXT_TYPE.test(type) && type !== "image/svg+xml" ? `${type}; charset=utf-8` : type;
}

/** `{ br: q, gzip: q, identity: q }` from an Accept-Encoding header (RFC 9110 §12.5.3). */
function acceptedEncodings(header) {
  const accepted = { br: 0, gzip: 0 };
  if (!header) return accepted;
  let star;
  const seen = new Set();
  for (const part of String(header).split(",")) {
    const [token, ...params] = part.trim().toLowerCase().split(";");
    if (!token) continue;
    let q = 1;
    for (const param of params) {
      const [name, value] = param.trim().split("=");
      if (name === "q") q = Number(value);
    }
    if (!(q >= 0 && q <= 1)) q = 0;
    const name = token === "x-gzip" ? "gzip" : token;
    if (name === "*") star = q;
    else if (name in accepted) {
      accepted[name] = Math.max(accepted[name], q);
      seen.add(name);
    }
  }
  if (star !== undefined)
    for (const name of Object.keys(accepted)) if (!seen.has(name)) accepted[name] = star;
  return accepted;
}

/** The preferred encoding the request accepts among those the file has (null: as it is). */
function chooseEncoding(header, available) {
  if (available.length === 0) return null;
  const accepted = acceptedEncodings(header);
  let best = null;
  let bestQ = 0;
  for (const { name } of ENCODINGS) {
    if (available.includes(name) && accepted[name] > bestQ) {
      best = name;
      bestQ = accepted[name];
    }
  }
  return best;
}

/** Whether an If-None-Match header names this ETag (weak comparison, as for GET). */
function etagMatches(header, etag) {
  const value = String(header).trim();
  if (value === "*") return true;
  const opaque = etag.replace(/^W\//, "");
  return value.split(",").some((tag) => tag.trim().replace(/^W\//, "") === opaque);
}

/**
 * The headers next.config.ts `headers()` gives `pathname`, from Next.js's routes-manifest
 * (rules with `has`/`missing` conditions depend on the request: never the case here, and
 * such a rule would be skipped).
 */
function configuredHeaders(rules, pathname) {
  const headers = {};
  for (const rule of rules) {
    if (rule.has || rule.missing || !rule.regex) continue;
    if (!new RegExp(rule.regex).test(pathname)) continue;
    for (const { key, value } of rule.headers) headers[key] = value;
  }
  return headers;
}

/** The headers rules of a build (`.next/routes-manifest.json`); none without one. */
function readHeaderRules(distDir) {
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(distDir, "routes-manifest.json"), "utf8"));
    return Array.isArray(manifest.headers) ? manifest.headers : [];
  } catch {
    return [];
  }
}

/** Every file under `dir` (no dot-files or dot-folders), as posix paths relative to it. */
function walk(dir, relative = "") {
  let entries;
  try {
    entries = fs.readdirSync(path.join(dir, relative), { withFileTypes: true });
  } catch {
    return [];
  }
  const files = [];
  for (const entry of entries) {
    if (entry.name.startsWith(".")) continue;
    const name = relative ? `${relative}/${entry.name}` : entry.name;
    if (entry.isDirectory()) files.push(...walk(dir, name));
    else if (entry.isFile()) files.push(name);
  }
  return files;
}

/** Brotli 11 and gzip 9 of `body`, each kept only when smaller (the build's rule: scripts/lib/precompress.ts). */
function compressOnce(body, name) {
  const variants = {};
  if (!COMPRESSIBLE.has(extensionOf(name))) return variants;
  const brotli = zlib.brotliCompressSync(body, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
  if (brotli.length < body.length) variants.br = brotli;
  const gzip = zlib.gzipSync(body, { level: 9 });
  if (gzip.length < body.length) variants.gzip = gzip;
  return variants;
}

function etagOf(body) {
  return `"${crypto.createHash("sha256").update(body).digest("base64url").slice(0, 22)}"`;
}

/**
 * A handler for the files under `dir`, served at `urlPrefix` (ending in "/").
 * - `cacheControl`: the Cache-Control of every answer.
 * - `notFound`: "404" answers a plain 404 for an unknown path under the prefix; "next" leaves it.
 * - `compress`: compress at start (public/); otherwise the build's siblings are read.
 * - `headerRules`: routes-manifest `headers` (next.config.ts) to send with every answer.
 */
function staticFiles({ dir, urlPrefix, cacheControl, notFound, compress = false, headerRules = [] }) {
  const files = new Map();
  let total = 0;
  const names = walk(dir);
  const nameSet = new Set(names);
  for (const name of names) {
    // A precompressed sibling is a variant of its file, not a file of its own.
    if (ENCODINGS.some(({ suffix }) => name.endsWith(suffix) && nameSet.has(name.slice(0, -suffix.length))))
      continue;
    const file = path.join(dir, name);
    const stat = fs.statSync(file);
    if (stat.size > MAX_FILE || total + stat.size > MAX_TOTAL) continue;
    const body = fs.readFileSync(file);
    let encoded = {};
    if (compress) encoded = compressOnce(body, name);
    else {
      for (const { name: encoding, suffix } of ENCODINGS) {
        if (!nameSet.has(name + suffix)) continue;
        const variant = fs.readFileSync(file + suffix);
        if (variant.length < body.length) encoded[encoding] = variant;
      }
    }
    const pathname = urlPrefix + name;
    const base = {
      ...configuredHeaders(headerRules, pathname),
      "Cache-Control": cacheControl,
      "Content-Type": contentType(name),
      "Last-Modified": stat.mtime.toUTCString(),
      Vary: "Accept-Encoding",
    };
    const identityTag = etagOf(body);
    const representation = (bytes, encoding) => {
      total += bytes.length;
      // The same content in another coding is another representation: its own ETag.
      const etag = encoding ? identityTag.replace(/"$/, `-${encoding}"`) : identityTag;
      const headers = { ...base, ETag: etag, "Content-Length": String(bytes.length) };
      if (encoding) headers["Content-Encoding"] = encoding;
      const { "Content-Length": _length, "Content-Encoding": _encoding, ...notModified } = headers;
      return { body: bytes, etag, headers, notModified, modified: Math.floor(stat.mtime.getTime() / 1000) };
    };
    const entry = { identity: representation(body, null), encodings: Object.keys(encoded) };
    for (const [encoding, bytes] of Object.entries(encoded))
      entry[encoding] = representation(bytes, encoding);
    files.set(pathname, entry);
  }

  const notFoundHeaders = {
    ...configuredHeaders(headerRules, `${urlPrefix}x`),
    "Cache-Control": "no-store",
    "Content-Type": "text/plain; charset=utf-8",
  };
  const reply = (res, status, headers, body) => {
    res.writeHead(status, headers);
    res.end(body);
  };

  /** Answers the request and returns true, or returns false: not ours, Next.js answers it. */
  function serve(req, res) {
    const url = req.url;
    if (!url || !url.startsWith(urlPrefix)) return false;
    const query = url.indexOf("?");
    const rawPath = query === -1 ? url : url.slice(0, query);
    let pathname = rawPath;
    if (rawPath.includes("%")) {
      try {
        pathname = decodeURIComponent(rawPath);
      } catch {
        pathname = null;
      }
    }
    const entry = pathname === null ? undefined : files.get(pathname);
    if (!entry) {
      if (notFound !== "404") return false;
      const body = req.method === "HEAD" ? undefined : "Not Found";
      reply(res, 404, { ...notFoundHeaders, "Content-Length": "9" }, body);
      return true;
    }
    if (req.method !== "GET" && req.method !== "HEAD") {
      reply(
        res,
        405,
        { ...notFoundHeaders, Allow: "GET, HEAD", "Content-Length": "18" },
        "Method Not Allowed",
      );
      return true;
    }
    const encoding = chooseEncoding(req.headers["accept-encoding"], entry.encodings);
    const chosen = encoding ? entry[encoding] : entry.identity;
    const ifNoneMatch = req.headers["if-none-match"];
    const ifModifiedSince = req.headers["if-modified-since"];
    const notModified =
      ifNoneMatch !== undefined
        ? etagMatches(ifNoneMatch, chosen.etag)
        : ifModifiedSince !== undefined && Date.parse(ifModifiedSince) / 1000 >= chosen.modified;
    if (notModified) reply(res, 304, chosen.notModified);
    else reply(res, 200, chosen.headers, req.method === "HEAD" ? undefined : chosen.body);
    return true;
  }

  return { serve, files };
}

/**
 * The production server's static files: the build's (`.next/static` at `/_next/static/`,
 * immutable, unknown → 404) and `public/` (at `/`, an hour, unknown → Next.js).
 */
function productionStaticFiles(projectDir) {
  const distDir = path.join(projectDir, ".next");
  const headerRules = readHeaderRules(distDir);
  const build = staticFiles({
    dir: path.join(distDir, "static"),
    urlPrefix: "/_next/static/",
    cacheControl: IMMUTABLE,
    notFound: "404",
    headerRules,
  });
  const publicFiles = staticFiles({
    dir: path.join(projectDir, "public"),
    urlPrefix: "/",
    cacheControl: PUBLIC_MAX_AGE,
    notFound: "next",
    compress: true,
    headerRules,
  });
  return {
    serve(req, res) {
      if (req.url?.startsWith("/_next/")) return build.serve(req, res);
      // Only a path public/ has: a Map lookup, then Next.js for the rest.
      return publicFiles.files.size > 0 && publicFiles.serve(req, res);
    },
    build,
    publicFiles,
  };
}

module.exports = {
  staticFiles,
  productionStaticFiles,
  acceptedEncodings,
  chooseEncoding,
  compressOnce,
  COMPRESSIBLE,
  IMMUTABLE,
  PUBLIC_MAX_AGE,
};
