import { Redis } from "ioredis";

/** How often an unreachable Redis is reported in the log: once per outage, then this often. */
const ERROR_LOG_INTERVAL_MS = 60_000;

/**
 * A Redis connection for the rate-limit counters (`REDIS_URL`; `rediss://` for TLS), made
 * to fail fast rather than wait: a command sent while the connection is down is refused at
 * once instead of being queued, and one in flight when it drops is not retried, so a fan's
 * request never hangs on Redis. The limiter then answers from memory (its insurance limiter)
 * while ioredis reconnects in the background. Commands issued in the same tick travel in one
 * pipeline (a crowd's likes). Kept on globalThis per URL, like the database pool.
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
    connectTimeout: 2_000,
    // Reconnect soon, then at most every 2 s.
    retryStrategy: (attempt) => Math.min(attempt * 100, 2_000),
  });
  let lastLogged = 0;
  // Without a listener ioredis would print every failed reconnection attempt.
  client.on("error", (error: Error) => {
    const now = Date.now();
    if (now - lastLogged < ERROR_LOG_INTERVAL_MS) return;
    lastLogged = now;
    console.error("[afterglow] rate limits: Redis unreachable, counting in memory until it is back", {
      error: error.message,
    });
  });
  client.on("ready", () => {
    lastLogged = 0;
  });
  shared.afterglowRedis.set(url, client);
  return client;
}
