import { Pool } from "pg";
import { env } from "@/lib/env";

/**
 * A plain `pg` pool beside the Prisma client (`lib/db.ts`), for the few statements that run
 * on every fan's request at crowd speed (the rate limiter, likes): Prisma's per-query work
 * (query plan interpretation, result mapping) costs more CPU than such a statement itself.
 * Everything else uses Prisma. Kept on globalThis like lib/db.ts (dev reloads, test teardown).
 */
const shared = globalThis as unknown as { afterglowPgPool?: Pool };

export function dbPool(): Pool {
  if (shared.afterglowPgPool) return shared.afterglowPgPool;
  // Read on first use, like lib/db.ts: `next build` loads this module without a database.
  const connectionString = env.DATABASE_URL;
  if (!connectionString) throw new Error("DATABASE_URL is not set: start the app with `npm start`.");
  // Each statement is short; a few connections keep the database's cores busy without queueing it.
  const pool = new Pool({ connectionString, max: 6 });
  // An idle connection dropped by the server must not crash the process; the next query reconnects.
  pool.on("error", () => undefined);
  shared.afterglowPgPool = pool;
  return pool;
}

/** Closes the process's pool (test teardown). */
export async function closeDbPool(): Promise<void> {
  const current = shared.afterglowPgPool;
  delete shared.afterglowPgPool;
  await current?.end();
}
