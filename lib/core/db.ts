import "server-only";
import { createPrismaClient, type PrismaClient } from "@/lib/core/db-client";
import { env } from "@/lib/core/env";

// One client per process; kept on globalThis so dev-mode hot reloads do not open new pools.
const globalForPrisma = globalThis as unknown as { afterglowPrisma?: PrismaClient };

function instance(): PrismaClient {
  if (globalForPrisma.afterglowPrisma) return globalForPrisma.afterglowPrisma;
  if (!env.DATABASE_URL) {
    throw new Error("DATABASE_URL is not set: start the app with `npm start`, which starts PostgreSQL.");
  }
  globalForPrisma.afterglowPrisma = createPrismaClient(env.DATABASE_URL);
  return globalForPrisma.afterglowPrisma;
}

/**
 * The app's Prisma client, connected on first use: `next build` imports route modules
 * without a database, and must not fail for it.
 */
export const db: PrismaClient = new Proxy({} as PrismaClient, {
  get(_target, property) {
    const client = instance();
    const value: unknown = Reflect.get(client, property, client);
    return typeof value === "function" ? value.bind(client) : value;
  },
});
