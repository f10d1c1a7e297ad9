/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS: server/client-address-preload.mjs loads it */
"use strict";
/**
 * The one place that decides who is on the other end of a request and whether it came over
 * HTTPS. The server's preload (server/client-address-preload.mjs) calls `settleForwarded` on
 * every request before Next.js or the app read a header; the app then reads the result
 * (X-Forwarded-For: lib/core/rate-limit/client-ip.ts; X-Forwarded-Proto: lib/core/http/scheme.ts)
 * and the trusted-proxy list through `proxyList`. CommonJS, so that the plain-JavaScript preload
 * (which runs before and outside the app's TypeScript) and the app load the same file
 * (declarations: forwarded.d.cts).
 *
 * A request's forwarded headers are believed only when the socket is a proxy the operator
 * trusts (AUTH_TRUSTED_PROXIES: IPs or CIDRs), or when TRUST_PROXY says a proxy/CDN in front
 * replaces them for everyone. Otherwise the socket is the client: its own X-Forwarded-Proto,
 * X-Forwarded-Host, Forwarded and X-Real-IP are dropped and the scheme is the socket's.
 */
const { BlockList, isIP } = require("node:net");

/** `::ffff:192.0.2.1` → `192.0.2.1`, `[2001:db8::1]` → `2001:db8::1`; null for anything but an IP. */
function normalizeAddress(value) {
  const trimmed = String(value ?? "")
    .trim()
    .replace(/^\[|\]$/g, "");
  const mapped =
    trimmed.toLowerCase().startsWith("::ffff:") && trimmed.includes(".") ? trimmed.slice(7) : trimmed;
  return isIP(mapped) ? mapped.toLowerCase() : null;
}

/** IPs and CIDRs (`127.0.0.1`, `10.0.0.0/8`, `::1`) → a matcher; unreadable entries are skipped. */
function addressList(entries) {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = "", prefix] = String(entry).trim().split("/");
    const family = isIP(address) === 6 ? "ipv6" : isIP(address) === 4 ? "ipv4" : null;
    if (!family) continue;
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return list;
}

/** Whether `ip` (normalized) is on `list`. */
function listed(list, ip) {
  const family = isIP(ip);
  return family !== 0 && list.check(ip, family === 6 ? "ipv6" : "ipv4");
}

/** AUTH_TRUSTED_PROXIES as lib/core/env.ts reads it: comma-separated, blanks dropped. */
function parseTrustedProxies(value) {
  return String(value ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

const lists = new Map();
/** The matcher of a trusted-proxy list, built once per distinct list. */
function proxyList(entries) {
  const key = entries.join(",");
  let list = lists.get(key);
  if (!list) lists.set(key, (list = addressList(entries)));
  return list;
}

/** Loopback, private and link-local ranges: where a proxy in front of the app usually sits. */
const LOCAL_RANGES = addressList([
  "127.0.0.0/8",
  "10.0.0.0/8",
  "172.16.0.0/12",
  "192.168.0.0/16",
  "169.254.0.0/16",
  "100.64.0.0/10",
  "::1",
  "fc00::/7",
  "fe80::/10",
]);
const isLocalAddress = (ip) => listed(LOCAL_RANGES, ip);

/** Headers only a proxy sets; a request carrying one from a local address came through a proxy. */
const FORWARDED_HEADERS = ["x-forwarded-for", "forwarded", "x-forwarded-proto"];

/** The process's record of the first untrusted proxy seen (read by the status page). */
const UNTRUSTED_PROXY = Symbol.for("afterglow.untrustedProxy");

/** The first untrusted local proxy this process saw, or was told of by another web process, or null. */
function untrustedProxySeen() {
  return globalThis[UNTRUSTED_PROXY] ?? null;
}

/**
 * Records a sighting another web process of this server made (`npm start` runs one per core:
 * server/cluster.cjs relays each process's first sighting to the others, so the status page
 * shows it whichever process answers). Only a well-formed record of a local address is taken.
 * Returns whether it was recorded (false when this process already has one).
 */
function recordUntrustedProxy(record) {
  if (globalThis[UNTRUSTED_PROXY]) return false;
  const { address, header, at } = record ?? {};
  if (typeof address !== "string" || !isLocalAddress(address)) return false;
  if (!FORWARDED_HEADERS.includes(header) || typeof at !== "string" || Number.isNaN(Date.parse(at))) {
    return false;
  }
  globalThis[UNTRUSTED_PROXY] = { address, header, at };
  return true;
}

/** What an operator reads once per process when a local proxy is not trusted. */
function untrustedProxyWarning(address) {
  return (
    `[afterglow] requests seen from ${address} carry forwarded headers (X-Forwarded-For/Forwarded/X-Forwarded-Proto), ` +
    "but that address is not a trusted proxy: every client behind it counts as that one address " +
    "(one rate-limit bucket for all fans, sign-in failures shared) and HTTPS is not recognised. " +
    "If it is your own reverse proxy (any local client can send these headers too: check before trusting it), " +
    "set AUTH_TRUSTED_PROXIES to the proxy's address or CIDR (comma-separated), " +
    "or TRUST_PROXY=1 when a CDN in front replaces X-Forwarded-For."
  );
}

/**
 * Settles a request's forwarded headers in place (Node's lower-case `IncomingMessage.headers`)
 * and answers whether the request reached the client over HTTPS:
 * - X-Forwarded-For: with no trusted proxy and TRUST_PROXY off, the socket address alone; with
 *   AUTH_TRUSTED_PROXIES, the socket hop appended (the chain is read from the right, past the
 *   trusted hops: client-ip.ts); with TRUST_PROXY alone, as sent;
 * - X-Forwarded-Proto: one value, `https` or `http` — the trusted proxy's word (the last value,
 *   the one the nearest hop added), else the socket's;
 * - X-Forwarded-Host, Forwarded, X-Real-IP: kept only from a trusted sender.
 * `options.trustProxy` / `options.trustedProxies` are TRUST_PROXY and AUTH_TRUSTED_PROXIES as
 * read by lib/core/env.ts; when both are set, the list wins. With no proxy trusted at all, a local sender of forwarded headers is
 * recorded once (`untrustedProxySeen`), `options.warn` is called with the warning and
 * `options.share` with the record (for the other web processes).
 */
function settleForwarded(headers, socket, options) {
  const address = normalizeAddress(socket?.remoteAddress) ?? "";
  const trustedProxies = options.trustedProxies;
  // A named list wins over TRUST_PROXY: with both set, only the listed proxies are believed
  // (as client-ip.ts reads the chain), not every sender.
  const fromTrusted =
    trustedProxies.length > 0
      ? address !== "" && listed(proxyList(trustedProxies), address)
      : options.trustProxy;
  const socketScheme = socket?.encrypted ? "https" : "http";

  // Only while no proxy at all is trusted: once the operator has named theirs, another local
  // sender with forwarded headers is more likely a forger than a proxy, and must not get its
  // own address recommended on the status page.
  // Cheapest tests first: a request without forwarded headers (nearly all) never builds the
  // address matcher's SocketAddress (a few per cent of a hot request's time, issue #35).
  if (!globalThis[UNTRUSTED_PROXY] && !options.trustProxy && trustedProxies.length === 0 && address) {
    const header = FORWARDED_HEADERS.find((name) => headers[name] !== undefined);
    if (header && isLocalAddress(address)) {
      const record = { address, header, at: new Date().toISOString() };
      globalThis[UNTRUSTED_PROXY] = record;
      options.warn?.(untrustedProxyWarning(address));
      options.share?.(record);
    }
  }

  if (trustedProxies.length > 0) {
    const chain = headers["x-forwarded-for"];
    if (address) headers["x-forwarded-for"] = chain ? `${chain}, ${address}` : address;
  } else if (!options.trustProxy) {
    if (address) headers["x-forwarded-for"] = address;
    else delete headers["x-forwarded-for"];
  }

  let scheme = socketScheme;
  if (fromTrusted) {
    // The last value: the one the nearest hop (the trusted proxy) added; earlier ones are the
    // client's or another hop's word.
    const said = (
      String(headers["x-forwarded-proto"] ?? "")
        .split(",")
        .at(-1) ?? ""
    )
      .trim()
      .toLowerCase();
    if (said === "https" || said === "http") scheme = said;
  } else {
    delete headers["x-forwarded-host"];
    delete headers["forwarded"];
    delete headers["x-real-ip"];
  }
  headers["x-forwarded-proto"] = scheme;
  return { https: scheme === "https" };
}

module.exports = {
  normalizeAddress,
  addressList,
  listed,
  parseTrustedProxies,
  proxyList,
  isLocalAddress,
  untrustedProxySeen,
  recordUntrustedProxy,
  untrustedProxyWarning,
  settleForwarded,
  UNTRUSTED_PROXY,
};
