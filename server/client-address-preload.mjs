/**
 * Preloaded into the Next.js server process by `npm start` / `npm run dev` (scripts/start.ts,
 * `--import` in NODE_OPTIONS): settles who is on the other end of the socket and whether the
 * request came over HTTPS before Next.js or the app read a header, and marks every cookie of an
 * HTTPS answer `Secure`.
 *
 * Why here: a route handler never sees the socket. Next.js 16 copies the socket address into
 * X-Forwarded-For only when the request has none (`??=` in base-server), so a client that
 * sends its own header chooses its address (and its X-Forwarded-Proto its scheme). Node
 * publishes every request on the `http.server.request.start` diagnostics channel
 * synchronously, before the server's 'request' event, which is where the headers are fixed by
 * the one rule of lib/core/http/forwarded.cjs (`settleForwarded`): the socket is the client
 * unless it is a trusted proxy (AUTH_TRUSTED_PROXIES) or TRUST_PROXY says a proxy/CDN in front
 * replaces the headers; a local proxy that is not trusted is reported once.
 *
 * Cookies: Better Auth's, Next.js's `cookies()`, the proxy's NEXT_LOCALE, the fans' `ag_vid`,
 * `ag_src`, `ag_zip`, any later one: whoever sets one on an HTTPS answer, it leaves with
 * `Secure`, so no cookie written over HTTPS is ever sent back over plain HTTP.
 *
 * Plain JavaScript, reading process.env itself: it runs before (and outside) the app's
 * TypeScript and lib/core/env.ts.
 */
import { subscribe } from "node:diagnostics_channel";
import { ServerResponse } from "node:http";
import forwarded from "../lib/core/http/forwarded.cjs";

// Read per request, not at load: Next.js loads `.env` files after this preload, and the app
// (lib/core/env.ts) sees those values — both must agree on who is trusted
// (tests/unit/server-copies.test.ts).
export const trustedProxyList = () => forwarded.parseTrustedProxies(process.env.AUTH_TRUSTED_PROXIES);
export const trustedProxies = () => trustedProxyList().length > 0;
export const trustProxy = () => ["true", "1"].includes((process.env.TRUST_PROXY ?? "").trim());

/** Set on a response whose request came over HTTPS: its cookies get `Secure`. */
const SECURE_COOKIES = Symbol("afterglow.secureCookies");

const hasSecure = (cookie) => /;\s*secure\s*(?:;|$)/i.test(cookie);
/** A Set-Cookie value (one string or a list) with `Secure` on every cookie. */
export function secured(value) {
  if (Array.isArray(value)) return value.map((one) => secured(one));
  if (typeof value !== "string") return value;
  return hasSecure(value) ? value : `${value}; Secure`;
}
const isSetCookie = (name) => typeof name === "string" && name.toLowerCase() === "set-cookie";

const { setHeader, appendHeader, writeHead } = ServerResponse.prototype;
ServerResponse.prototype.setHeader = function (name, value) {
  return setHeader.call(this, name, this[SECURE_COOKIES] && isSetCookie(name) ? secured(value) : value);
};
if (appendHeader) {
  ServerResponse.prototype.appendHeader = function (name, value) {
    return appendHeader.call(this, name, this[SECURE_COOKIES] && isSetCookie(name) ? secured(value) : value);
  };
}
/** `writeHead(status[, message][, headers])`: headers as an object or a flat [name, value, …] list. */
ServerResponse.prototype.writeHead = function (statusCode, ...rest) {
  if (this[SECURE_COOKIES]) {
    const at = typeof rest[0] === "string" ? 1 : 0;
    const headers = rest[at];
    if (Array.isArray(headers)) {
      rest[at] = headers.map((item, i) =>
        i % 2 === 1 && isSetCookie(headers[i - 1]) ? secured(item) : item,
      );
    } else if (headers && typeof headers === "object") {
      // A copy: the caller's object may be kept (the micro-cache replays its stored headers).
      rest[at] = Object.fromEntries(
        Object.entries(headers).map(([name, value]) => [name, isSetCookie(name) ? secured(value) : value]),
      );
    }
  }
  return writeHead.call(this, statusCode, ...rest);
};

/** The cluster's message carrying an untrusted proxy's sighting (server/cluster.cjs relays it). */
const UNTRUSTED_PROXY_MESSAGE = "untrusted-proxy";
if (process.send) {
  process.on("message", (message) => {
    if (message?.afterglow === UNTRUSTED_PROXY_MESSAGE) forwarded.recordUntrustedProxy(message.record);
  });
}

subscribe("http.server.request.start", ({ request, response, socket }) => {
  const { https } = forwarded.settleForwarded(request.headers, socket, {
    trustProxy: trustProxy(),
    trustedProxies: trustedProxyList(),
    warn: (message) => console.warn(message),
    // A web process of the cluster tells the primary, which tells the others (server/cluster.cjs).
    share: (record) => process.send?.({ afterglow: UNTRUSTED_PROXY_MESSAGE, record }),
  });
  if (https && response) response[SECURE_COOKIES] = true;
});
