import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { redisLimitStore, type FailureLimitStore } from "@/lib/core/rate-limit/limiter";
import { REDIS_COMMAND_TIMEOUT_MS } from "@/lib/core/rate-limit/redis";
import { startRedisServer, type RedisServer } from "../support/redis-server";
import { missingRedis, titled } from "../support/tools";

/**
 * The limiter on a real redis-server (REDIS_URL, for large deployments). Two stores on two
 * connections stand for two app instances: the counts they share are Redis's.
 */
const skip = missingRedis();
let redis: RedisServer;
let admin: Redis;
let instanceA: FailureLimitStore;
let instanceB: FailureLimitStore;
const clients: Redis[] = [];

/** A connection as the app makes it (fail fast), but its own: one per simulated instance. */
function instanceClient(url: string): Redis {
  const client = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    enableAutoPipelining: true,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
  });
  client.on("error", () => undefined);
  clients.push(client);
  return client;
}

beforeAll(async () => {
  if (skip) return;
  redis = await startRedisServer();
  admin = new Redis(redis.url);
  admin.on("error", () => undefined);
  instanceA = redisLimitStore(instanceClient(redis.url));
  instanceB = redisLimitStore(instanceClient(redis.url));
  // The app's connections refuse commands until connected (the limiter answers from memory).
  await Promise.all(
    clients.map((client) =>
      client.status === "ready" ? undefined : new Promise((resolve) => client.once("ready", resolve)),
    ),
  );
});
afterAll(async () => {
  for (const client of clients) client.disconnect();
  admin?.disconnect();
  await redis?.stop();
});

const points = async (key: string, window = 60) => Number(await admin.get(`afterglow:w${window}:${key}`));
const commandsProcessed = async () =>
  Number(/total_commands_processed:(\d+)/.exec(await admin.info("stats"))![1]);

describe.skipIf(skip)(titled("the limiter on Redis", skip), () => {
  it("lets exactly `limit` of many simultaneous requests through, across two instances", async () => {
    const check = [{ key: "shared", limit: 40 }];
    const outcomes = await Promise.all(
      Array.from({ length: 100 }, (_, i) => (i % 2 ? instanceA : instanceB).consume(check, 60)),
    );
    expect(outcomes.filter((o) => o.allowed)).toHaveLength(40);
    const blocked = outcomes.find((o) => !o.allowed);
    expect(blocked).toMatchObject({ allowed: false, key: "shared" });
    if (blocked && !blocked.allowed) {
      expect(blocked.retryAfter).toBeGreaterThanOrEqual(1);
      expect(blocked.retryAfter).toBeLessThanOrEqual(60);
    }
    // A limit reached through A holds on B.
    const key = [{ key: "a-then-b", limit: 3 }];
    for (let i = 0; i < 3; i++) expect((await instanceA.consume(key, 60)).allowed).toBe(true);
    expect((await instanceB.consume(key, 60)).allowed).toBe(false);
  });

  it("keeps its keys under `afterglow:`, each expiring with its window", async () => {
    await instanceA.consume([{ key: "named", limit: 5 }], 60);
    expect(await points("named")).toBe(1);
    const ttl = await admin.pttl("afterglow:w60:named");
    expect(ttl).toBeGreaterThan(50_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });

  it("blocks a used-up key in memory: no further Redis command on that instance", async () => {
    const check = [{ key: "memory", limit: 2 }];
    expect((await instanceA.consume(check, 60)).allowed).toBe(true);
    expect((await instanceA.consume(check, 60)).allowed).toBe(true);
    expect((await instanceA.consume(check, 60)).allowed).toBe(false);
    const before = await commandsProcessed();
    for (let i = 0; i < 20; i++) expect((await instanceA.consume(check, 60)).allowed).toBe(false);
    // Twenty refusals without the block would be twenty scripts; only the INFO calls came.
    expect((await commandsProcessed()) - before).toBeLessThan(5);
    expect(await points("memory")).toBe(2);
  });

  it("counts failures across two instances: a look counts nothing, the limit holds a window, a reset forgets", async () => {
    const check = [{ key: "failures", limit: 3 }];
    await Promise.all([instanceA.strike(check, 900), instanceB.strike(check, 900)]);
    expect(await instanceB.peek(check, 900)).toEqual({ allowed: true });
    expect(await points("failures", 900)).toBe(2);
    // The count's window all but over: the failure that reaches the limit holds the key a whole window.
    await admin.pexpire("afterglow:w900:failures", 5_000);
    expect(await instanceA.strike(check, 900)).toEqual({ allowed: false, key: "failures", retryAfter: 900 });
    const peeked = await instanceB.peek(check, 900);
    expect(peeked).toMatchObject({ allowed: false, key: "failures" });
    if (!peeked.allowed) expect(peeked.retryAfter).toBeGreaterThan(890);
    await instanceB.reset(check, 900);
    expect(await instanceA.peek(check, 900)).toEqual({ allowed: true });
    expect(await admin.exists("afterglow:w900:failures")).toBe(0);
  });

  it("claims parallel attempts exactly across two instances, takes refused ones back and holds at the limit", async () => {
    const check = [{ key: "claims", limit: 5 }];
    const outcomes = await Promise.all(
      Array.from({ length: 12 }, (_, i) => (i % 2 ? instanceA : instanceB).claim(check, 900)),
    );
    expect(outcomes.filter(([o]) => o?.allowed)).toHaveLength(5);
    await Promise.all(Array.from({ length: 7 }, () => instanceB.unclaim(check, 900)));
    expect(await points("claims", 900)).toBe(5);
    await admin.pexpire("afterglow:w900:claims", 5_000);
    await instanceA.hold(check, 900);
    const peeked = await instanceB.peek(check, 900);
    expect(peeked).toMatchObject({ allowed: false, key: "claims" });
    if (!peeked.allowed) expect(peeked.retryAfter).toBeGreaterThan(890);
  });

  it("never counts below zero nor takes back from a window that has ended (review L1)", async () => {
    const check = [{ key: "unclaim-late", limit: 5 }];
    for (let i = 0; i < 5; i++) await instanceA.claim(check, 1);
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    // A slow check's unclaims after the window: nothing to take back, nothing banked.
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? instanceA : instanceB).unclaim(check, 1)),
    );
    const late = await Promise.all(Array.from({ length: 25 }, () => instanceB.claim(check, 1)));
    expect(late.filter(([o]) => o?.allowed)).toHaveLength(5);
    // More unclaims than claims inside a window: the count stops at zero.
    const inWindow = [{ key: "unclaim-more", limit: 5 }];
    await instanceA.claim(inWindow, 60);
    await Promise.all(Array.from({ length: 10 }, () => instanceB.unclaim(inWindow, 60)));
    const after = await Promise.all(Array.from({ length: 12 }, () => instanceA.claim(inWindow, 60)));
    expect(after.filter(([o]) => o?.allowed)).toHaveLength(5);
  });

  it("resets after a real two-second window", async () => {
    const check = [{ key: "seconds", limit: 1 }];
    expect((await instanceA.consume(check, 2)).allowed).toBe(true);
    const blocked = await instanceA.consume(check, 2);
    expect(blocked).toMatchObject({ allowed: false, key: "seconds" });
    if (!blocked.allowed) expect(blocked.retryAfter).toBeLessThanOrEqual(2);
    await expect.poll(async () => (await instanceB.consume(check, 2)).allowed, { timeout: 8_000 }).toBe(true);
  });

  it("picks Redis for every limit, the engagement API's included, when REDIS_URL is set", async () => {
    const shared = globalThis as { afterglowLimiter?: unknown; afterglowRedis?: Map<string, Redis> };
    const saved = shared.afterglowLimiter;
    delete shared.afterglowLimiter;
    vi.stubEnv("REDIS_URL", redis.url);
    vi.resetModules();
    try {
      const { consumeLimits } = await import("@/lib/core/rate-limit/limiter");
      const { fanLimitStore } = await import("@/lib/core/rate-limit/batched-store");
      // The connection is made on first use: until it is up, the process counts in memory.
      expect((await consumeLimits([{ key: "early", limit: 5 }])).allowed).toBe(true);
      const connection = shared.afterglowRedis!.get(redis.url)!;
      if (connection.status !== "ready") await new Promise((resolve) => connection.once("ready", resolve));
      expect(await points("early")).toBe(0);
      expect((await consumeLimits([{ key: "selected", limit: 5 }])).allowed).toBe(true);
      expect((await fanLimitStore.consume([{ key: "selected", limit: 5 }], 60)).allowed).toBe(true);
      expect(await points("selected")).toBe(2);
    } finally {
      shared.afterglowRedis?.get(redis.url)?.disconnect();
      shared.afterglowRedis?.delete(redis.url);
      vi.unstubAllEnvs();
      vi.resetModules();
      shared.afterglowLimiter = saved;
    }
  });

  it("with Redis stalled, answers from memory after the command timeout, then at once", async () => {
    const check = [{ key: "stalled", limit: 3 }];
    expect((await instanceB.consume(check, 60)).allowed).toBe(true);
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    redis.pause();
    try {
      let started = Date.now();
      // Counted again in memory: this instance cannot know Redis's count meanwhile.
      expect((await instanceB.consume(check, 60)).allowed).toBe(true);
      expect(Date.now() - started).toBeLessThan(REDIS_COMMAND_TIMEOUT_MS + 1_500);
      started = Date.now();
      const outcomes = [];
      for (let i = 0; i < 3; i++) outcomes.push(await instanceB.consume(check, 60));
      // The limit still holds (in memory), and Redis is not asked again for a while.
      expect(outcomes.map((o) => o.allowed)).toEqual([true, true, false]);
      expect(Date.now() - started).toBeLessThan(REDIS_COMMAND_TIMEOUT_MS);
    } finally {
      redis.resume();
      errors.mockRestore();
    }
  });

  it("with Redis gone, answers at once from memory: limits stay on, nothing throws", async () => {
    // Last: it stops the server.
    await redis.stop();
    const check = [{ key: "outage", limit: 3 }];
    const started = Date.now();
    const outcomes = [];
    for (let i = 0; i < 4; i++) outcomes.push(await instanceA.consume(check, 60));
    expect(outcomes.map((o) => o.allowed)).toEqual([true, true, true, false]);
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
