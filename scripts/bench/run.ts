/**
 * `npm run bench`: requests/s and p50/p99 latency of the demo event page under concurrent
 * load, beside the same server's figures for a static file (printed, no target refers to them);
 * the JavaScript each public page makes a browser download (publicJsKb.max,
 * scripts/lib/js-transfer.ts); the whole first visit of the event page, a landing and a player
 * against nginx serving the same bytes (first-visit.ts); Lighthouse's mobile score of each
 * public page (lighthouse.ts, median of several runs); likes/s and comment posts/s
 * (engagement.ts) against pgbench on the same database (pgbench-anchor.ts); the analytics
 * queries over 1 000 000 events (analytics.ts) and the media pipeline (media.ts); then the
 * targets (targets.ts) against this run's figures.
 *
 * Starts the app like `npm start` (production build, embedded services, demo seed) in a
 * throwaway data folder on free ports, unless BENCH_URL points at a running app. Loopback
 * only: it refuses any other host. Bounded: a fixed duration per target.
 *
 *   BENCH_URL=http://localhost:3000   use a running app
 *   BENCH_PATH=/demo/evento/festival-de-verao
 *   BENCH_CONCURRENCY=16  BENCH_SECONDS=5  BENCH_WARMUP_SECONDS=1
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { freePort } from "../lib/free-port";
import { kb, measurePublicPages, PUBLIC_JS_BUDGET_KB } from "../lib/js-transfer";
import { runAnalyticsBench } from "./analytics";
import { runEngagementBench } from "./engagement";
import { runFirstVisitBench } from "./first-visit";
import { runLighthouseBench } from "./lighthouse";
import { nodeLoad } from "./load";
import {
  embeddedDatabase,
  runningAppDatabase,
  runPostgresAnchor,
  type DatabaseTarget,
} from "./pgbench-anchor";
import { runMediaBench } from "./media";
import { LARGE_GALLERY_ENV, seedLargeGallery } from "./large-gallery";
import { recordedFigures, recordFigure, writeBenchResults } from "./results";
import { formatTargets, targetRows } from "./targets";

// A developer tool, not the app: it reads its own knobs from the environment.
const settings = {
  url: process.env.BENCH_URL,
  path: process.env.BENCH_PATH ?? "/demo/evento/festival-de-verao",
  concurrency: Number(process.env.BENCH_CONCURRENCY ?? 16),
  seconds: Number(process.env.BENCH_SECONDS ?? 5),
  warmup: Number(process.env.BENCH_WARMUP_SECONDS ?? 1),
};
const log = (message: string) => console.log(`[bench] ${message}`);

interface Result {
  label: string;
  path: string;
  requests: number;
  errors: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
  bytes: number;
}

/** `settings.concurrency` loops of back-to-back requests for `seconds`, as a browser asks (compressed). */
async function load(base: string, label: string, target: string, seconds: number): Promise<Result> {
  const result = await nodeLoad(
    new URL(target, base),
    { "accept-encoding": "gzip, br", accept: "text/html,*/*" },
    { connections: settings.concurrency, seconds },
  );
  return { label, path: target, ...result };
}

async function waitForHealth(base: string, server?: ChildProcess): Promise<void> {
  const deadline = Date.now() + 15 * 60_000;
  while (Date.now() < deadline) {
    if (server && (server.exitCode !== null || server.signalCode !== null)) throw new Error("the app exited");
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("the app did not become healthy");
}

interface BenchApp {
  base: string;
  stop: () => Promise<void>;
  /** Its database, for the pgbench anchor. */
  database: () => Promise<DatabaseTarget>;
}

async function startApp(): Promise<BenchApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "afterglow-bench-"));
  const [port, pgPort, s3Port] = [await freePort(), await freePort(), await freePort()];
  const base = `http://localhost:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    APP_URL: base,
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(pgPort),
    EMBEDDED_S3_PORT: String(s3Port),
    // The shipped limits: every bench fan comes from this one address, as a crowd behind a NAT.
  };
  for (const name of ["DATABASE_URL", "S3_ENDPOINT", "SMTP_URL", "NODE_ENV"]) delete env[name];
  log(`starting the app on ${base} (production build, embedded services)`);
  const server = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
    env,
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      await new Promise<void>((resolve) => {
        const force = setTimeout(() => {
          try {
            process.kill(-server.pid!, "SIGKILL");
          } catch {
            // gone
          }
        }, 60_000);
        server.once("exit", () => {
          clearTimeout(force);
          resolve();
        });
        server.kill("SIGTERM");
      });
    }
    await rm(dataDir, { recursive: true, force: true }).catch(() => undefined);
  };
  try {
    await waitForHealth(base, server);
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, stop, database: () => embeddedDatabase(dataDir, pgPort) };
}

const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : "-");

async function main(): Promise<void> {
  if (settings.url) {
    const host = new URL(settings.url).hostname;
    if (!["localhost", "127.0.0.1", "::1", "[::1]"].includes(host)) {
      throw new Error(`BENCH_URL must be a loopback address (got ${host})`);
    }
  }
  const app: BenchApp = settings.url
    ? { base: settings.url, stop: async () => undefined, database: runningAppDatabase }
    : await startApp();
  try {
    await waitForHealth(app.base);
    // A 5,000-photo gallery, measured beside the demo's pages (issue #36).
    process.env[LARGE_GALLERY_ENV] = await seedLargeGallery(await app.database());
    // The first request renders and caches the page; later ones are what fans get.
    const html = await (await fetch(new URL(settings.path, app.base))).text();
    const asset = html.match(/\/_next\/static\/[^"']+\.js/)?.[0];
    if (!asset) throw new Error(`no static script found in ${settings.path}`);

    log(
      `${settings.concurrency} concurrent connections, ${settings.seconds} s per target (after ${settings.warmup} s warm-up)`,
    );
    const targets: [string, string][] = [
      ["static file", asset],
      ["event page", settings.path],
    ];
    const results: Result[] = [];
    for (const [label, target] of targets) {
      if (settings.warmup > 0) await load(app.base, label, target, settings.warmup);
      results.push(await load(app.base, label, target, settings.seconds));
    }

    console.log("");
    console.log(
      [
        "target".padEnd(12),
        "path".padEnd(40),
        "requests",
        "errors",
        "req/s".padStart(9),
        "p50 ms".padStart(8),
        "p99 ms".padStart(8),
        "body B".padStart(8),
      ].join("  "),
    );
    for (const r of results) {
      console.log(
        [
          r.label.padEnd(12),
          (r.path.length > 40 ? `${r.path.slice(0, 37)}...` : r.path).padEnd(40),
          String(r.requests).padStart(8),
          String(r.errors).padStart(6),
          fmt(r.rps).padStart(9),
          fmt(r.p50, 2).padStart(8),
          fmt(r.p99, 2).padStart(8),
          String(r.bytes).padStart(8),
        ].join("  "),
      );
    }
    const [file, page] = results as [Result, Result];
    console.log("");
    console.log(
      `ratio event page / static file: throughput ${fmt(page.rps / file.rps, 2)}×, p50 ${fmt(page.p50 / file.p50, 2)}×, p99 ${fmt(page.p99 / file.p99, 2)}×`,
    );
    recordFigure("staticFile.rps", file.rps);
    recordFigure("eventPage.rps", page.rps);
    recordFigure("eventPage.ratio", page.rps / file.rps);
    if (page.errors > 0 || file.errors > 0) process.exitCode = 1;

    console.log("");
    log(`JavaScript per public page (compressed transfer; budget ${PUBLIC_JS_BUDGET_KB} KB)`);
    const weights = await measurePublicPages(app.base);
    for (const weight of weights) {
      console.log(
        `${weight.label.padEnd(8)} ${weight.path.padEnd(44)} ${fmt(kb(weight.bytes)).padStart(7)} KB  (${weight.scripts.length} scripts)`,
      );
    }
    recordFigure("publicJsKb.max", Math.max(...weights.map((weight) => kb(weight.bytes))));

    console.log("");
    log("first visit: every same-origin request of a cold phone visit, on the app and on nginx (same bytes)");
    await runFirstVisitBench(app.base, settings.concurrency, log);

    // Before the engagement bench: Lighthouse measures the pages as a fan's first visit finds them.
    console.log("");
    log("Lighthouse: mobile performance of the public pages (a phone's CPU and network, simulated)");
    await runLighthouseBench(app.base, log);

    console.log("");
    log("engagement: likes/s, comment posts/s, a crowd and a hammer through the public API");
    const likes = await runEngagementBench(app.base, file.rps);

    console.log("");
    log("pgbench: the same database's single-row insert ceiling, as many connections as fans liking");
    await runPostgresAnchor(app.database, likes.likesPerSecond, likes.fans, log);
  } finally {
    await app.stop();
  }

  console.log("");
  log("analytics: page and dashboard queries over 1 000 000 events, raw and rolled up");
  await runAnalyticsBench();

  console.log("");
  log("media: images processed/s and upload throughput");
  await runMediaBench();

  await writeBenchResults();
  log(`figures written to .bench/results.json`);

  // This run's figures only: the file also keeps older runs' (a stage skipped now, e.g. Lighthouse).
  console.log("");
  log("targets (issue #35; the static-file figures above are not a target)");
  for (const line of formatTargets(targetRows(recordedFigures()))) console.log(line);
}

main().catch((error: unknown) => {
  console.error(`[bench] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
