/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS, like server/cluster.cjs */
/**
 * The Next server's process arrangement without Next.js (which needs a production build): the
 * real cluster primary (server/cluster.cjs) forking two web processes that share PORT. Started
 * by ./supervisor.ts the way scripts/start.ts starts server/next-server.mjs.
 */
const cluster = require("node:cluster");
const http = require("node:http");
const { runCluster } = require("../../../../server/cluster.cjs");

if (cluster.isPrimary) {
  runCluster({ workers: 2, log: () => undefined });
} else {
  const server = http.createServer((_req, res) => res.end("ok"));
  server.listen(Number(process.env.PORT), "127.0.0.1");
  process.on("SIGTERM", () => server.close(() => process.exit(143)));
}
