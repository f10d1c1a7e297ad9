/**
 * The PostgreSQL anchor of the likes figure (issue #35): `pgbench` on the database the bench's
 * app uses, with as many connections as the likes load has fans, each transaction one durable
 * single-row `INSERT … ON CONFLICT DO NOTHING` (the shape of a like's write) into a throwaway
 * table the bench creates and drops. Its transactions/s are the most writes/s this database
 * commits on this machine now; likes/s divided by them is `likes.ratioToPostgres`.
 *
 * The database: the embedded PostgreSQL of the app the bench started (its data folder holds the
 * superuser's password, scripts/lib/local-secrets.ts); with BENCH_URL, BENCH_DATABASE_URL or
 * DATABASE_URL, else the embedded one of DATA_DIR (default `.data`) on EMBEDDED_PG_PORT
 * (default 54329), as `npm start` runs it.
 *
 *   BENCH_PGBENCH=/usr/bin/pgbench
 */
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { LOCAL_SECRET_FILES } from "../lib/local-secrets";
import { EMBEDDED_DATABASE } from "../lib/services";
import { ratioTo } from "./first-visit-plan";
import { recordFigure } from "./results";

const run = promisify(execFile);

export const PGBENCH_PATH = process.env.BENCH_PGBENCH ?? "/usr/bin/pgbench";

export const pgbenchAvailable = (): boolean => existsSync(PGBENCH_PATH);

export interface DatabaseTarget {
  host: string;
  port: number;
  user: string;
  password: string;
  database: string;
}

/** The embedded PostgreSQL of a data folder (its superuser password is in the folder's secrets). */
export async function embeddedDatabase(dataDir: string, port: number): Promise<DatabaseTarget> {
  const file = path.join(dataDir, LOCAL_SECRET_FILES.postgresPassword);
  const password = (await readFile(file, "utf8").catch(() => "")).trim();
  if (!password) throw new Error(`no PostgreSQL password in ${file}`);
  return { host: "127.0.0.1", port, user: "postgres", password, database: EMBEDDED_DATABASE };
}

export function databaseFromUrl(url: string): DatabaseTarget {
  const u = new URL(url);
  return {
    host: u.hostname,
    port: Number(u.port || 5432),
    user: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
    database: decodeURIComponent(u.pathname.slice(1)),
  };
}

/** The database of an app the bench did not start (BENCH_URL). */
export function runningAppDatabase(): Promise<DatabaseTarget> {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  if (url) return Promise.resolve(databaseFromUrl(url));
  return embeddedDatabase(
    path.resolve(process.env.DATA_DIR ?? ".data"),
    Number(process.env.EMBEDDED_PG_PORT ?? 54329),
  );
}

/** pgbench's "tps = 18632.123456 (without initial connection time)"; throws without one. */
export function parsePgbenchTps(text: string): number {
  const match =
    /tps = ([\d.]+) \(without initial connection time\)/.exec(text) ?? /tps = ([\d.]+)/.exec(text);
  if (!match) throw new Error(`no tps in pgbench's report: ${text.trim().split("\n").pop() ?? ""}`);
  return Number(match[1]);
}

export interface PgbenchResult {
  tps: number;
  transactions: number;
  failed: number;
}

/** The script of one transaction: one new row, committed (fsync on, as PostgreSQL ships). */
export const pgbenchScript = (table: string) =>
  `\\set k random(1, 1000000000000)\nINSERT INTO ${table} (id) VALUES (:k) ON CONFLICT DO NOTHING;\n`;

/** Runs pgbench for `seconds` with `clients` connections into a table it creates and drops. */
export async function runPgbench(
  target: DatabaseTarget,
  clients: number,
  seconds: number,
): Promise<PgbenchResult> {
  const table = `bench_anchor_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ ...target });
  await admin.connect();
  const dir = await mkdtemp(path.join(os.tmpdir(), "afterglow-bench-pgbench-"));
  try {
    await admin.query(`CREATE TABLE ${table} (id bigint PRIMARY KEY, at timestamptz NOT NULL DEFAULT now())`);
    const script = path.join(dir, "insert.sql");
    await writeFile(script, pgbenchScript(table));
    const { stdout } = await run(
      PGBENCH_PATH,
      [
        "--no-vacuum",
        `--client=${clients}`,
        "--jobs=1",
        `--time=${seconds}`,
        "--protocol=prepared",
        `--file=${script}`,
        `--host=${target.host}`,
        `--port=${target.port}`,
        `--username=${target.user}`,
        target.database,
      ],
      // The password through the environment, not the command line (`ps` shows that).
      { env: { ...process.env, PGPASSWORD: target.password }, timeout: (seconds + 60) * 1000 },
    );
    const transactions = Number(/number of transactions actually processed: (\d+)/.exec(stdout)?.[1] ?? NaN);
    const failed = Number(/number of failed transactions: (\d+)/.exec(stdout)?.[1] ?? 0);
    return { tps: parsePgbenchTps(stdout), transactions, failed };
  } finally {
    await admin.query(`DROP TABLE IF EXISTS ${table}`).catch(() => undefined);
    await admin.end();
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * The stage: pgbench with `clients` connections for BENCH_PGBENCH_SECONDS (default 5) on
 * `database()`, recorded as `pgbench.tps`, and `likes.ratioToPostgres` = `likesPerSecond` ÷ tps.
 * Without pgbench or a database both are recorded as null (not measured), never guessed.
 */
export async function runPostgresAnchor(
  database: () => Promise<DatabaseTarget>,
  likesPerSecond: number,
  clients: number,
  log: (line: string) => void,
): Promise<void> {
  const seconds = Number(process.env.BENCH_PGBENCH_SECONDS ?? 5);
  const skip = (why: string) => {
    log(`pgbench: ${why}: likes.ratioToPostgres left out`);
    recordFigure("pgbench.tps", null);
    recordFigure("likes.ratioToPostgres", null);
  };
  if (!pgbenchAvailable())
    return skip(`no pgbench at ${PGBENCH_PATH} (apt-get install postgresql-client-15)`);
  let result: PgbenchResult;
  try {
    result = await runPgbench(await database(), clients, seconds);
  } catch (error) {
    return skip((error as Error).message.split("\n")[0] ?? "failed");
  }
  const ratio = ratioTo(likesPerSecond, result.tps);
  log(
    `pgbench: ${result.tps.toFixed(0)} single-row INSERT … ON CONFLICT DO NOTHING transactions/s with ${clients} connections (${seconds} s, ${result.transactions} committed, ${result.failed} failed); likes/s ÷ that = ${ratio === undefined ? "-" : ratio.toFixed(3)}`,
  );
  recordFigure("pgbench.tps", result.tps);
  recordFigure("likes.ratioToPostgres", ratio ?? null);
}
