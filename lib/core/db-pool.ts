import { Pool } from "pg";
import { env } from "@/lib/core/env";

/**
 * A plain `pg` pool beside the Prisma client (`lib/core/db.ts`) for the few statements that run on
 * every fan's request at crowd speed: the rate-limit counts, likes, and the check behind every
 * public photo (lib/surfaces/public-site/resolve-media-object.ts). Prisma's per-query work
 * (query plan interpretation, result mapping) costs more CPU than such a statement itself.
 * Everything else uses Prisma. Kept on globalThis like lib/core/db.ts (dev reloads, test teardown).
 *
 * Its commits do not wait for the disk (`synchronous_commit = off`): each is visible to every
 * instance at once, atomic and consistent as any other, but a crash of the database server
 * (not of the app) can lose its last fraction of a second (at most three WAL-writer rounds,
 * 600 ms by default): a few likes and limit counts, never half of one, so counts derived from
 * the rows stay exact. Waiting for a disk flush before each answer would put one in front of
 * every like of a crowd. Fans' other data (comments, leads, downloads) is written through Prisma
 * and waits for the disk as usual.
 */
/** The longest a fan's statement, or the connection it needs, may take before it fails. */
export const FAN_STATEMENT_TIMEOUT_MS = 5_000;

const shared = globalThis as unknown as { afterglowPgPool?: Pool };

export function fanPool(): Pool {
  if (shared.afterglowPgPool) return shared.afterglowPgPool;
  // Read on first use, like lib/core/db.ts: `next build` loads this module without a database.
  const connectionString = env.DATABASE_URL;
  if (!connectionString) throw new Error("DATABASE_URL is not set: start the app with `npm start`.");
  const pool = new Pool({
    connectionString,
    // Each statement is short; a few connections keep the database busy without queueing in it.
    max: 4,
    // A database that stops answering fails the fans' requests within seconds, rather than
    // holding every one of a crowd's open until the client gives up: neither a connection nor a
    // statement (all of them take milliseconds) waits longer than this.
    connectionTimeoutMillis: FAN_STATEMENT_TIMEOUT_MS,
    options: `-c synchronous_commit=off -c statement_timeout=${FAN_STATEMENT_TIMEOUT_MS}`,
  });
  // An idle connection dropped by the server must not crash the process; the next query reconnects.
  pool.on("error", () => undefined);
  shared.afterglowPgPool = pool;
  return pool;
}
