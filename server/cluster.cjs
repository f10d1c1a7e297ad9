/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS, loaded by server/next-server.mjs */
/**
 * Every core (issue #35): the primary of server/next-server.mjs forks WEB_CONCURRENCY web
 * processes that share the one port (Node's cluster: the primary hands each new connection to
 * the next process) and does nothing else: no Next.js, no requests.
 *
 * - The first process (slot 0) keeps MEDIA_WORKER as configured: the job workers, the
 *   analytics roll-up and the schedules run there once. The others get MEDIA_WORKER=off and
 *   only send jobs, as extra web instances of a larger deployment do.
 * - A process that dies is replaced in its slot (the job workers with it). One that dies
 *   before it ever listened (a broken build, the port taken), or too many deaths in a minute,
 *   stop everything with exit code 1: scripts/start.ts then reports the crash.
 * - The first untrusted local proxy a process sees (lib/core/http/forwarded.cjs) is relayed to
 *   the others, replacements included, so the System status page warns whichever answers.
 * - SIGTERM/SIGINT: passed on to the processes (a group signal reaches them anyway; they take a
 *   second one as the same request), which close gracefully; the primary exits when they are
 *   gone, within SHUTDOWN_MS.
 */
const cluster = require("node:cluster");
const os = require("node:os");

/** Within scripts/start.ts's 10 s before SIGKILL: the processes' own bound (8 s) and a margin. */
const SHUTDOWN_MS = 9_000;
const MAX_RESTARTS = 5;
const RESTART_WINDOW_MS = 60_000;

/**
 * The number of web processes: WEB_CONCURRENCY when set (a whole number from 1 to 256), else
 * the cores this process may use (`os.availableParallelism()`).
 */
function workerCount(value, available = os.availableParallelism()) {
  if (value === undefined || value === "") return Math.max(1, available);
  const count = Number(value);
  if (!Number.isInteger(count) || count < 1 || count > 256)
    throw new Error(`WEB_CONCURRENCY must be a whole number from 1 to 256 (got "${value}")`);
  return count;
}

/** The environment of the process in `slot` on top of the primary's (jobs in slot 0 only). */
function slotEnv(slot) {
  return slot === 0 ? { AFTERGLOW_WEB_SLOT: "0" } : { AFTERGLOW_WEB_SLOT: String(slot), MEDIA_WORKER: "off" };
}

function runCluster({ workers, log = (message) => console.log(`[afterglow] ${message}`) }) {
  /** worker.id → its slot and whether it listened. */
  const running = new Map();
  const restarts = [];
  let stopping = false;
  let exitCode = 0;

  /** The first untrusted proxy a web process saw (lib/core/http/forwarded.cjs), for every process's status page. */
  let untrustedProxy = null;
  const fork = (slot) => {
    const worker = cluster.fork(slotEnv(slot));
    running.set(worker.id, { slot, listening: false });
    // A replacement learns what the one it replaces knew, once it runs (its preload listens).
    worker.once("listening", () => {
      if (untrustedProxy) worker.send({ afterglow: "untrusted-proxy", record: untrustedProxy });
    });
  };
  cluster.on("message", (from, message) => {
    if (message?.afterglow !== "untrusted-proxy" || untrustedProxy) return;
    untrustedProxy = message.record;
    // Those still starting get it when they listen (above): before, nothing in them hears it.
    for (const worker of Object.values(cluster.workers ?? {})) {
      if (worker && worker !== from && running.get(worker.id)?.listening && worker.isConnected()) {
        worker.send(message);
      }
    }
  });

  const stop = (code, signal = "SIGTERM") => {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    setTimeout(() => process.exit(code), SHUTDOWN_MS).unref();
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    if (running.size === 0) process.exit(code);
  };

  cluster.on("listening", (worker) => {
    const info = running.get(worker.id);
    if (info) info.listening = true;
  });
  cluster.on("exit", (worker, code, signal) => {
    const info = running.get(worker.id);
    running.delete(worker.id);
    if (stopping) {
      if (running.size === 0) process.exit(exitCode);
      return;
    }
    const how = signal ?? `exit code ${code}`;
    if (!info?.listening) {
      log(`a web process exited before it could serve (${how}): stopping`);
      return stop(1);
    }
    const now = Date.now();
    restarts.push(now);
    while (restarts[0] < now - RESTART_WINDOW_MS) restarts.shift();
    if (restarts.length > MAX_RESTARTS) {
      log(`web processes keep dying (${restarts.length} in a minute, last: ${how}): stopping`);
      return stop(1);
    }
    log(`web process ${worker.process.pid} (slot ${info.slot}) died (${how}): starting another`);
    fork(info.slot);
  });

  for (const [signal, code] of [
    ["SIGTERM", 143],
    ["SIGINT", 130],
  ])
    process.on(signal, () => stop(code, signal));

  log(`starting ${workers} web processes (WEB_CONCURRENCY)`);
  for (let slot = 0; slot < workers; slot++) fork(slot);
}

module.exports = { runCluster, workerCount, slotEnv, SHUTDOWN_MS };
