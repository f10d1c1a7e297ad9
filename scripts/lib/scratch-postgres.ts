import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { startEmbeddedPostgres } from "./embedded-postgres";
import { freePort } from "./free-port";

/** Throwaway PostgreSQL clusters and databases for the migration tools (scripts/lib/migrate.ts). */

type Log = (msg: string) => void;
const silent: Log = () => undefined;

/**
 * Runs `fn` with the admin URL of a fresh PostgreSQL cluster, deleted afterwards. The
 * folder is under os.tmpdir() because the server runs as the `postgres` user when we are
 * root, and it must be able to reach its data directory.
 */
export async function withScratchPostgres<T>(
  fn: (adminUrl: string) => Promise<T>,
  log: Log = silent,
): Promise<T> {
  const root = await mkdtemp(path.join(os.tmpdir(), "afterglow-pg-"));
  try {
    const server = await startOnFreePort(path.join(root, "data"), log);
    try {
      return await fn(server.adminUrl);
    } finally {
      await server.stop();
    }
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

/**
 * Another process may take the port between our probe and the server's bind: retry.
 * The server's own chatter (initdb, checkpoints) is kept back unless it fails to start.
 */
async function startOnFreePort(dataDir: string, log: Log) {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const output: string[] = [];
    try {
      return await startEmbeddedPostgres({ dataDir, port, persistent: false, log: (l) => output.push(l) });
    } catch (error) {
      if (attempt >= 3) {
        const detail = output.slice(-20).join("\n");
        throw new Error(`Could not start a scratch PostgreSQL: ${String(error)}\n${detail}`, {
          cause: error,
        });
      }
      log(`PostgreSQL did not start on port ${port}, retrying: ${String(error)}`);
    }
  }
}

/** `server` if given (any database on it does for the engine), else a throwaway cluster. */
export function withServer<T>(
  server: string | undefined,
  fn: (url: string) => Promise<T>,
  log: Log,
): Promise<T> {
  return server ? fn(server) : withScratchPostgres(fn, log);
}

function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export async function withScratchDatabases<T>(
  serverUrl: string,
  names: string[],
  fn: (urls: string[]) => Promise<T>,
): Promise<T> {
  const suffix = randomBytes(4).toString("hex");
  const databases = names.map((n) => `afterglow_scratch_${suffix}_${n}`);
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    for (const db of databases) await admin.query(`CREATE DATABASE "${db}"`);
    return await fn(databases.map((db) => databaseUrl(serverUrl, db)));
  } finally {
    for (const db of databases) await admin.query(`DROP DATABASE IF EXISTS "${db}" WITH (FORCE)`);
    await admin.end();
  }
}
