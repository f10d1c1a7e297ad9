import { Pool } from "pg";
import { env } from "@/lib/env";

/**
 * Plain `pg` pools beside the Prisma client (`lib/db.ts`), for the few statements that run on
 * every fan's request at crowd speed (the rate limiter, likes): Prisma's per-query work (query
 * plan interpretation, result mapping) costs more CPU than such a statement itself. Everything
 * else uses Prisma. Kept on globalThis like lib/db.ts (dev reloads, test teardown).
 */
const shared = globalThis as unknown as { afterglowPgPool?: Pool; afterglowLimitsPool?: Pool };

function newPool(options: { asyncCommit: boolean }): Pool {
  // Read on first use, like lib/db.ts: `next build` loads this module without a database.
  const connectionString = env.DATABASE_URL;
  if (!connectionString) throw new Error("DATABASE_URL is not set: start the app with `npm start`.");
  const pool = new Pool({
    connectionString,
    // Each statement is short; a few connections keep the database busy without queueing in it.
    max: 4,
    ...(options.asyncCommit ? { options: "-c synchronous_commit=off" } : {}),
  });
  // An idle connection dropped by the server must not crash the process; the next query reconnects.
  pool.on("error", () => undefined);
  return pool;
}

/** For fans' data (likes): every commit is on disk before the answer, as with Prisma. */
export function dbPool(): Pool {
  return (shared.afterglowPgPool ??= newPool({ asyncCommit: false }));
}

/**
 * For rate-limit counts only: a commit does not wait for the disk (visible to every instance at
 * once all the same; only a database crash can lose its last fraction of a second of counts,
 * which lets a few more requests through once). Waiting for the disk on every limiter write
 * would put a disk flush in front of every fan's request.
 */
export function limitsPool(): Pool {
  return (shared.afterglowLimitsPool ??= newPool({ asyncCommit: true }));
}
