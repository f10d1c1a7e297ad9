/**
 * The production server `npm start` runs (instead of `next start`): Next.js's own request
 * handler behind a plain Node HTTP server, with one thing in front of it, the page
 * micro-cache (server/page-microcache.cjs): a cached public page that a fan's request
 * has already received from Next.js's cache is replayed, byte for byte, to the same request
 * for the next few seconds, so a crowd opening one shared link costs what a static file
 * costs, not a pass through the proxy, the router and the compressor each time (issue #16).
 * And one thing beside it, the front door (server/front-door.ts): the fans' engagement
 * calls (likes, views …) go straight to the app's handlers, without Next.js's router.
 * Everything else goes to Next.js unchanged.
 *
 * Compression is done here, not by Next.js (`compress: false` in next.config.ts), whose
 * compressor only speaks gzip: `compression` compresses every answer with brotli at quality 5
 * where the browser takes it (as fast as gzip, and 10–16 % smaller on a page's HTML, scripts and
 * stylesheet: bytes a phone loads beside the page's largest image, issue #16), gzip otherwise.
 * The micro-cache records after it: it keeps the compressed bytes (its key holds the encodings).
 *
 * Why not brotli copies made at build time (quality 11, another ~9 % off the scripts): this
 * server would answer a script from memory, ten times faster than Next.js's file handler, and
 * the bench's yardstick for a like ("≥ 50 % of a static file's requests/s") would follow it out
 * of reach; a CDN in front of a real deployment does that part anyway.
 *
 * Plain JavaScript, started as `node --import <client-address-preload> server/next-server.mjs`
 * with PORT (and the app's environment) set; it binds every interface, as `next start` does.
 */
import http from "node:http";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { constants as zlib } from "node:zlib";
import compression from "compression";
import next from "next";

const require = createRequire(import.meta.url);
const { keyFor, pageMicrocache } = require("./page-microcache.cjs");

/** The project: this file's folder's parent. */
const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const port = Number(process.env.PORT ?? 3000);
process.title = "next-server (afterglow)";

const app = next({ dev: false, dir, port });
const handle = app.getRequestHandler();
await app.prepare();
const upgrade = app.getUpgradeHandler(); // only once prepared
const microcache = pageMicrocache();
const compress = compression({ brotli: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } } });

/** Set by instrumentation.ts once Next.js has loaded the app (server/front-door.ts). */
const FRONT_DOOR = Symbol.for("afterglow.frontDoor");

const server = http.createServer((req, res) => {
  if (globalThis[FRONT_DOOR]?.serve(req, res)) return;
  const key = keyFor(req);
  if (key !== null) {
    if (microcache.serve(key, res)) return;
    // Before the compressor wraps `res`: the micro-cache keeps the compressed bytes.
    microcache.record(key, res);
  }
  compress(req, res, () =>
    handle(req, res).catch((error) => {
      console.error(`Failed to handle request for ${req.url}`, error);
      if (!res.headersSent) {
        res.statusCode = 500;
        res.end("Internal Server Error");
      } else res.destroy();
    }),
  );
});
server.on("upgrade", (req, socket, head) => {
  upgrade(req, socket, head).catch(() => socket.destroy());
});
server.on("error", (error) => {
  console.error("Failed to start server", error);
  process.exit(1);
});
server.listen(port, () => console.log(`next-server listening on port ${port}`));

/**
 * As `next start` does: stop taking connections, let the requests in flight (an upload, a
 * save, work scheduled with `after()`) finish, close Next.js, then exit; bounded, within the
 * 10 s that scripts/start.ts waits before SIGKILL.
 */
const SHUTDOWN_MS = 8_000;
for (const [signal, code] of [
  ["SIGTERM", 143],
  ["SIGINT", 130],
]) {
  process.once(signal, () => {
    setTimeout(() => process.exit(code), SHUTDOWN_MS).unref();
    new Promise((resolve) => server.close(resolve))
      .then(() => app.close())
      .catch((error) => console.error("shutdown:", error))
      .finally(() => process.exit(code));
  });
}
