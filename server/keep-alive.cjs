/**
 * How long the production server keeps an idle keep-alive connection open (server/next-server.mjs).
 *
 * Node's default is 5 s. A client that reuses a pooled connection at the moment the server
 * closes it gets ECONNRESET for a request that never reached us: a reverse proxy (nginx's
 * upstream `keepalive`, a cloud load balancer's 60 s idle timeout) answers the fan a 502, and a
 * test client's second download a few seconds after the first failed the same way in CI. The
 * rule is that the server must hold an idle connection longer than any client in front of it,
 * so the client always closes first: 65 s, past the common 60 s. `headersTimeout` stays above
 * it, as Node requires for the slow-headers guard to mean anything on a reused connection.
 * Idle sockets cost a file descriptor and a few KB each; `server.close()` still closes them at
 * once on shutdown.
 */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;
const HEADERS_TIMEOUT_MS = 66_000;

/** @param {import("node:http").Server} server */
function applyKeepAlive(server) {
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  return server;
}

module.exports = { KEEP_ALIVE_TIMEOUT_MS, HEADERS_TIMEOUT_MS, applyKeepAlive };
