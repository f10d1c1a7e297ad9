/**
 * Preloaded into the Next.js server process by `npm start` / `npm run dev` (scripts/start.ts,
 * `--import` in NODE_OPTIONS): makes X-Forwarded-For say who is on the other end of the socket
 * before Next.js or the app read it.
 *
 * Why: a route handler never sees the socket. Next.js 16 copies the socket address into
 * X-Forwarded-For only when the request has none (`??=` in base-server), so a client that
 * sends its own header chooses its address, and per-IP rate limits (ours and Better Auth's)
 * are bypassed by rotating it. Node publishes every request on the
 * `http.server.request.start` diagnostics channel synchronously, before the server's
 * 'request' event, which is where the header is fixed:
 *
 * - no trusted proxy (AUTH_TRUSTED_PROXIES empty, TRUST_PROXY off): the socket address is
 *   the client; any X-Forwarded-For / X-Real-IP it sent is dropped;
 * - AUTH_TRUSTED_PROXIES set: the socket address is appended as the last hop, so the
 *   right-most untrusted entry is the client and a direct client cannot pose as a proxy;
 * - TRUST_PROXY alone: the operator says a proxy/CDN in front replaces the header; unchanged.
 *
 * Plain JavaScript, reading process.env itself: it runs before (and outside) the app's
 * TypeScript and lib/core/env.ts.
 */
import { subscribe } from "node:diagnostics_channel";

// Read per request, not at load: Next.js loads `.env` files after this preload, and the app
// (lib/core/env.ts) sees those values — both must agree on who is trusted
// (tests/unit/server-copies.test.ts).
export const trustedProxies = () => (process.env.AUTH_TRUSTED_PROXIES ?? "").split(",").some((s) => s.trim());
export const trustProxy = () => ["true", "1"].includes((process.env.TRUST_PROXY ?? "").trim());

/** `::ffff:192.0.2.1` (IPv4 on a dual-stack socket) → `192.0.2.1`. */
function socketAddress(socket) {
  const address = socket?.remoteAddress ?? "";
  return address.toLowerCase().startsWith("::ffff:") && address.includes(".") ? address.slice(7) : address;
}

subscribe("http.server.request.start", ({ request, socket }) => {
  const address = socketAddress(socket);
  const headers = request.headers;
  if (trustedProxies()) {
    const chain = headers["x-forwarded-for"];
    if (address) headers["x-forwarded-for"] = chain ? `${chain}, ${address}` : address;
  } else if (!trustProxy()) {
    delete headers["x-real-ip"];
    if (address) headers["x-forwarded-for"] = address;
    else delete headers["x-forwarded-for"];
  }
});
