/**
 * The production server `npm start` runs instead of `next start` (issue #16): Next.js's request
 * handler behind a plain Node server, with three things in front of it. The build's static
 * files and public/ (server/static-files.cjs) are answered from memory, precompressed at build
 * time (issue #35); the front door (server/front-door.ts) answers the fans' engagement calls
 * with the app's own handlers, without Next.js's router; the page micro-cache
 * (server/page-microcache.cjs) replays a cached public page Next.js has just sent, byte for
 * byte, to the same request for a few seconds.
 * It compresses what Next.js renders, not Next.js (`compress: false`, whose compressor only
 * speaks gzip): brotli at quality 5 where the browser takes it, else gzip; the micro-cache
 * keeps the compressed bytes.
 *
 * Every core (issue #35): a cluster of WEB_CONCURRENCY processes (scripts/start.ts sets it:
 * the machine's available parallelism unless configured) shares the one port; the primary
 * only forks them and starts a new one when one dies. The job workers (instrumentation.ts)
 * run in the first process only (MEDIA_WORKER=off in the others), as in a deployment with
 * several web instances. Each process has its own micro-cache; an expired cache tag reaches
 * every process (server/shared-cache-tags.cjs: NOTIFY/LISTEN).
 * Plain JavaScript, started by scripts/start.ts with PORT set and the client-address preload.
 */
import cluster from "node:cluster";
import http from "node:http";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { constants as zlib } from "node:zlib";

const require = createRequire(import.meta.url);
const { keyFor, pageMicrocache } = require("./page-microcache.cjs");
const { productionStaticFiles } = require("./static-files.cjs");
const { runCluster, workerCount } = require("./cluster.cjs");
const { applyKeepAlive } = require("./keep-alive.cjs");

/** The project: this file's folder's parent. */
const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const port = Number(process.env.PORT ?? 3000);
const workers = workerCount(process.env.WEB_CONCURRENCY);
if (cluster.isPrimary && workers > 1) {
  process.title = "next-server (afterglow, primary)";
  runCluster({ workers });
} else {
  process.title = "next-server (afterglow)";
  await serve();
}

async function serve() {
  // Imported here: the primary of a cluster never loads Next.js.
  const [{ default: next }, { default: compression }] = await Promise.all([
    import("next"),
    import("compression"),
  ]);
  const app = next({ dev: false, dir, port });
  const handle = app.getRequestHandler();
  await app.prepare();
  const upgrade = app.getUpgradeHandler(); // only once prepared
  const microcache = pageMicrocache();
  const staticFiles = productionStaticFiles(dir);
  const compress = compression({ brotli: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } } });

  /**
   * Set by instrumentation.ts once Next.js has loaded the app: `FRONT_DOOR` of server/front-door.ts
   * (copied: this file cannot import TypeScript; tests/unit/server-copies.test.ts).
   */
  const FRONT_DOOR = Symbol.for("afterglow.frontDoor");

  const server = http.createServer((req, res) => {
    if (staticFiles.serve(req, res)) return;
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
  applyKeepAlive(server);
  server.on("upgrade", (req, socket, head) => {
    upgrade(req, socket, head).catch(() => socket.destroy());
  });
  server.on("error", (error) => {
    console.error("Failed to start server", error);
    process.exit(1);
  });
  // HOST (set by scripts/start.ts: loopback when APP_URL is a localhost URL) or every interface.
  const host = process.env.HOST || undefined;
  server.listen(port, host, () =>
    console.log(`next-server listening on ${host ?? "every interface"}, port ${port}`),
  );

  /**
   * As `next start` does: stop taking connections, let the requests in flight (an upload, a
   * save, work scheduled with `after()`) finish, close Next.js, then exit; bounded, within the
   * 10 s that scripts/start.ts waits before SIGKILL.
   */
  const SHUTDOWN_MS = 8_000;
  let stopping = false;
  for (const [signal, code] of [
    ["SIGTERM", 143],
    ["SIGINT", 130],
  ]) {
    // `on`, not `once`: the cluster's primary passes on the signal the group already got.
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      setTimeout(() => process.exit(code), SHUTDOWN_MS).unref();
      new Promise((resolve) => server.close(resolve))
        .then(() => app.close())
        .catch((error) => console.error("shutdown:", error))
        .finally(() => process.exit(code));
    });
  }
}
