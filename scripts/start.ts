/**
 * `npm start`: production build if the sources changed, embedded services for whatever is
 * not configured, migrations, demo data on an empty embedded database (see demo-seed.ts),
 * then the production server (server/next-server.mjs: Next.js behind the static files and the
 * page micro-cache, in one process per core).
 * `npm run dev` (`--dev`): the same with `next dev` and no build.
 * Ctrl-C / SIGTERM stop the Next server's process group, then the services; a crash of the
 * Next server stops the services too and exits non-zero. A `kill -9` of this process runs none
 * of that: the Next server and the embedded PostgreSQL then stop by themselves within seconds
 * (scripts/lib/supervision.ts), so the next `npm start` finds its ports free.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createPrismaClient } from "@/lib/core/db-client";
import { appUrl, env, staticPageSettings } from "@/lib/core/env";
import { DEMO_PASSWORD, DEMO_USERS } from "../prisma/seed";
import { ensureProductionBuild, nextBin, projectRoot } from "./lib/build";
import { listenHost, seedDemoIfAllowed } from "./lib/demo-seed";
import { applyMigrations } from "./lib/migrate";
import { isAlive, isPortFree } from "./lib/processes";
import { displayPath, startServices, type Services } from "./lib/services";
import { supervisedNodeEnv } from "./lib/supervision";

const dev = process.argv.includes("--dev");
const clientAddressPreload = pathToFileURL(path.join(projectRoot, "server/client-address-preload.mjs")).href;
const productionServer = path.join(projectRoot, "server/next-server.mjs");
const port = env.PORT;
/** Where the Next server listens; undefined: every interface. */
const host = listenHost({ host: env.HOST, appUrl });
const log = (message: string) => console.log(`[afterglow] ${message}`);

let servicesStarting: Promise<Services> | undefined;
let nextServer: ChildProcess | undefined;
let shutdown: Promise<void> | undefined;
const startup = new AbortController();

/** Stops everything started so far (Next first, then the services) and exits with `code`. */
function stopAll(code: number): Promise<void> {
  shutdown ??= (async () => {
    startup.abort(); // interrupts a running `next build`
    if (nextServer) await stopProcessGroup(nextServer);
    // Services may still be starting: wait for them so nothing is left running.
    const services = await servicesStarting?.catch(() => undefined);
    try {
      await services?.stop();
      if (services) log("stopped");
    } catch (error) {
      log(`stopping services failed: ${String(error)}`);
      code ||= 1;
    }
    process.exit(code);
  })();
  return shutdown;
}

let firstSignalAt: number | undefined;
function onSignal(signal: NodeJS.Signals): void {
  if (firstSignalAt === undefined) {
    firstSignalAt = Date.now();
    log(`${signal}: stopping...`);
    void stopAll(0);
  } else if (Date.now() - firstSignalAt > 1_000 && nextServer?.pid) {
    // A second Ctrl-C from an impatient user. (Within a second it is the same Ctrl-C
    // relayed again by tsx's parent process, which gives us only 30 ms to acknowledge it.)
    log("stopping now");
    killGroup(nextServer.pid, "SIGKILL");
  }
}
process.on("SIGINT", onSignal).on("SIGTERM", onSignal).on("SIGHUP", onSignal);
watchLauncher(() => {
  log("the npm process that started this one is gone: stopping...");
  void stopAll(0);
});
// The Next server runs in its own process group: never exit without taking it down.
process.on("uncaughtException", (error) => {
  console.error(error);
  void stopAll(1);
});
process.on("unhandledRejection", (reason) => {
  console.error(reason);
  void stopAll(1);
});

async function main(): Promise<void> {
  await assertPortFree(port);
  log(`${dev ? "development" : "production"} mode, data in ${displayPath(path.resolve(env.DATA_DIR))}`);

  servicesStarting = startServices({ log, exitOnSignal: false });
  const services = await servicesStarting;
  if (shutdown) return;

  await applyMigrations(services.databaseUrl, { log }); // it reports what it applied
  const prisma = createPrismaClient(services.databaseUrl);
  let demoAllowed = false;
  try {
    ({ allowed: demoAllowed } = await seedDemoIfAllowed({
      prisma,
      store: services.store,
      log,
      embeddedDatabase: services.embedded.postgres,
      seedDemo: env.SEED_DEMO,
      appUrl,
      listenHost: host,
    }));
  } finally {
    await prisma.$disconnect();
  }

  if (!dev)
    await ensureProductionBuild({
      settings: staticPageSettings(),
      env: services.env,
      log,
      signal: startup.signal,
    });
  if (shutdown) return;

  // Production: Next.js's handler behind our server, for the page micro-cache in front of it
  // (server/next-server.mjs); development: `next dev` as it is.
  const command = dev
    ? [nextBin(), "dev", "-p", String(port), ...(host ? ["-H", host] : [])]
    : [productionServer];
  nextServer = spawn(process.execPath, command, {
    cwd: projectRoot,
    // Pass-through of our own environment plus the services' addresses.
    env: {
      ...process.env,
      ...services.env,
      PORT: String(port),
      // Validated by env.ts: server/next-server.mjs forks this many web processes (unset: one per core).
      ...(env.WEB_CONCURRENCY ? { WEB_CONCURRENCY: String(env.WEB_CONCURRENCY) } : {}),
      // server/next-server.mjs listens on HOST (every interface when it is unset).
      ...(host ? { HOST: host } : {}),
      NODE_ENV: dev ? "development" : "production",
      // X-Forwarded-For from the socket, not the client (see the preload). Through
      // NODE_OPTIONS because `next dev` serves from a forked child that inherits only these.
      // With the supervisor watch: after a `kill -9` of this process the server stops by itself.
      ...supervisedNodeEnv([process.env.NODE_OPTIONS, `--import=${clientAddressPreload}`]),
    },
    // Own process group: Ctrl-C reaches us, and we stop Next and all its workers together.
    // No stdin: a background process group reading the terminal would be stopped (SIGTTIN).
    detached: true,
    stdio: ["ignore", "inherit", "inherit"],
  });
  const server = nextServer;
  server.once("exit", (code, signal) => {
    if (shutdown) return;
    log(`the Next server exited unexpectedly (${signal ?? `exit code ${code}`}); stopping services`);
    void stopAll(code || 1);
  });

  if (!(await waitForPort(port, server))) return;
  log(`ready on http://localhost:${port} (listening on ${host ?? "every interface"})`);
  if (demoAllowed) log(`demo sign-in: ${DEMO_USERS.admin} / ${DEMO_PASSWORD}`);
  log(
    services.mail.kind === "outbox"
      ? `e-mails are written to ${displayPath(services.mail.dir)} as .eml files (set SMTP_URL to send them)`
      : `e-mails go through SMTP (${services.mail.host})`,
  );
  log("Ctrl-C stops the app and its services");
}

main().catch((error: unknown) => {
  if (shutdown) return; // a failure caused by stopping (e.g. the database went away)
  console.error(error instanceof Error ? error.message : error);
  void stopAll(1);
});

/** Signal 0 only checks whether any member of the group is left. */
function killGroup(pid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false; // the group is gone
  }
}

/** SIGTERM to the whole group, SIGKILL after 10 s, then waits until no member is left. */
async function stopProcessGroup(child: ChildProcess): Promise<void> {
  const pid = child.pid;
  if (pid === undefined) return;
  const leaderExited =
    child.exitCode !== null || child.signalCode !== null
      ? Promise.resolve()
      : new Promise<void>((resolve) => child.once("exit", () => resolve()));
  killGroup(pid, "SIGTERM");
  const force = setTimeout(() => killGroup(pid, "SIGKILL"), 10_000);
  await leaderExited;
  // Workers may outlive the leader for a moment; the port is free only once they are gone.
  for (let waited = 0; killGroup(pid, 0); waited += 100) {
    if (waited === 5_000) killGroup(pid, "SIGKILL");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  clearTimeout(force);
}

/**
 * `kill <npm start's pid>` does not reach us: npm forwards SIGTERM to the `sh -c` it ran the
 * script with, and dash dies without passing it on, orphaning tsx and this process (and so
 * the Next server and PostgreSQL). On Linux, watch the chain of parents up to that npm
 * process and treat its disappearance as SIGTERM. Not started through npm: nothing to watch.
 */
function watchLauncher(onGone: () => void): void {
  if (process.platform !== "linux") return;
  const chain: number[] = [];
  try {
    for (let pid = process.ppid; pid > 1 && chain.length < 8;) {
      chain.push(pid);
      const argv = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
      // npm sets its title to "npm start" (or runs as node …/npm-cli.js).
      if (/^npm( |$)/.test(argv[0] ?? "") || argv.some((arg) => arg.endsWith("npm-cli.js"))) {
        const timer = setInterval(() => {
          if (chain.some((ancestor) => !isAlive(ancestor))) {
            clearInterval(timer);
            onGone();
          }
        }, 1_000);
        timer.unref();
        return;
      }
      // /proc/<pid>/stat: "pid (comm) state ppid …"; comm may contain spaces and parentheses.
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      pid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    }
  } catch {
    // A parent exited while we looked, or /proc is unreadable: rely on signals alone.
  }
}

/** Resolves true once the port accepts connections, false if the server exits first. */
async function waitForPort(portNumber: number, server: ChildProcess): Promise<boolean> {
  const probeHost = host === undefined || host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host;
  while (server.exitCode === null && server.signalCode === null && !shutdown) {
    const open = await new Promise<boolean>((resolve) => {
      // Every interface includes loopback; a single other address is probed there.
      const socket = net.connect({ port: portNumber, host: probeHost });
      socket.once("connect", () => {
        socket.destroy();
        resolve(true);
      });
      socket.once("error", () => resolve(false));
    });
    if (open) return true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

/** Fails before the (slow) start-up when something already serves on the app's port. */
async function assertPortFree(portNumber: number): Promise<void> {
  if (!(await isPortFree(portNumber)))
    throw new Error(`Port ${portNumber} is in use. Stop whatever runs there or set PORT.`);
}
