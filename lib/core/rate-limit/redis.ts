import { Redis } from "ioredis";

/** How often Redis trouble is reported in the log: once per outage, then this often. */
const ERROR_LOG_INTERVAL_MS = 60_000;
/** A limit check waits this long for Redis before it counts in memory (a stalled server). */
export const REDIS_COMMAND_TIMEOUT_MS = 250;

let lastReported = 0;

/**
 * Logs that the rate limits count in memory because of Redis, at most once a minute. Only the
 * error's message: an ioredis error object can carry the command's arguments (an AUTH's
 * password among them).
 */
export function reportRedisTrouble(error: unknown): void {
  const now = Date.now();
  if (now - lastReported < ERROR_LOG_INTERVAL_MS) return;
  lastReported = now;
  console.error("[afterglow] rate limits: Redis is failing, counting in memory meanwhile", {
    error: error instanceof Error ? error.message : "unknown error",
  });
}

/**
 * A Redis connection for the rate-limit counters (`REDIS_URL`; `rediss://` for TLS), made
 * to fail fast rather than wait: a command sent while the connection is down is refused at
 * once instead of being queued, one in flight when it drops is not retried, and one a stalled
 * server does not answer gives up after `REDIS_COMMAND_TIMEOUT_MS`. The limiter then counts in
 * memory while ioredis reconnects in the background (`redisLimitStore`). Commands issued in the
 * same tick travel in one pipeline (a crowd's likes). Kept on globalThis per URL, like the
 * database pool.
 */
const shared = globalThis as unknown as { afterglowRedis?: Map<string, Redis> };

export function redisConnection(url: string): Redis {
  shared.afterglowRedis ??= new Map();
  const existing = shared.afterglowRedis.get(url);
  if (existing) return existing;
  const client = new Redis(url, {
    enableAutoPipelining: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    connectTimeout: 2_000,
    // Reconnect soon, then at most every 2 s.
    retryStrategy: (attempt) => Math.min(attempt * 100, 2_000),
  });
  // Without a listener ioredis would print every failed reconnection attempt.
  client.on("error", reportRedisTrouble);
  client.on("ready", () => {
    lastReported = 0;
  });
  shared.afterglowRedis.set(url, client);
  return client;
}
