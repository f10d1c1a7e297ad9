import { randomUUID } from "node:crypto";
import { Pool } from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { limitChecks, type EngagementLimits } from "@/lib/platform/visitors/limits";
import { AppError } from "@/lib/core/errors";
import { FAN_STATEMENT_TIMEOUT_MS, fanPool } from "@/lib/core/db-pool";
import { batchedLimitStore, leaseSize, MAX_LEASE } from "@/lib/core/rate-limit/batched-store";
import {
  consumeLimits,
  enforceLimits,
  postgresLimitStore,
  type FailureLimitStore,
  type LimitStore,
} from "@/lib/core/rate-limit/limiter";
import { engagementTestEnv, type EngagementTestEnv } from "./support/engagement";

/**
 * The limiter on the file's real database. Two stores on two pools stand for two app
 * instances: the counts they share are the database's, not either process's memory.
 */
let env: EngagementTestEnv;
const pools: Pool[] = [];
let instanceA: FailureLimitStore;
let instanceB: FailureLimitStore;
/** The batched store (the engagement API's) of each instance. */
let batchedA: LimitStore;
let batchedB: LimitStore;

beforeAll(async () => {
  env = await engagementTestEnv();
  for (let i = 0; i < 2; i++) {
    const pool = new Pool({ connectionString: env.database.url, max: 4 });
    pool.on("error", () => undefined);
    pools.push(pool);
  }
  instanceA = postgresLimitStore(pools[0]!);
  instanceB = postgresLimitStore(pools[1]!);
  batchedA = batchedLimitStore(() => pools[0]!);
  batchedB = batchedLimitStore(() => pools[1]!);
});
afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.end()));
  await env?.close();
});

const points = async (key: string, window = 60) =>
  (
    await env.db.$queryRaw<
      { points: number }[]
    >`SELECT points FROM "rate_limiter" WHERE key = ${`w${window}:${key}`}`
  )[0]?.points;

describe("the limiter on Postgres", () => {
  it("lets exactly `limit` of many simultaneous requests through", async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 150 }, () => consumeLimits([{ key: "race", limit: 60 }])),
    );
    expect(outcomes.filter((o) => o.allowed)).toHaveLength(60);
    const blocked = outcomes.find((o) => !o.allowed);
    expect(blocked).toMatchObject({ allowed: false, key: "race" });
    if (blocked && !blocked.allowed) {
      expect(blocked.retryAfter).toBeGreaterThanOrEqual(1);
      expect(blocked.retryAfter).toBeLessThanOrEqual(60);
    }
  });

  it("is exact across two instances sharing the database", async () => {
    const check = [{ key: "shared", limit: 40 }];
    const outcomes = await Promise.all(
      Array.from({ length: 100 }, (_, i) => (i % 2 ? instanceA : instanceB).consume(check, 60)),
    );
    expect(outcomes.filter((o) => o.allowed)).toHaveLength(40);
    // A limit reached through A holds on B, and the other way round.
    const key = [{ key: "a-then-b", limit: 3 }];
    for (let i = 0; i < 3; i++) expect((await instanceA.consume(key, 60)).allowed).toBe(true);
    expect((await instanceB.consume(key, 60)).allowed).toBe(false);
    expect((await instanceA.consume(key, 60)).allowed).toBe(false);
  });

  it("blocks a used-up key in memory: no further database write on that instance", async () => {
    const check = [{ key: "memory", limit: 2 }];
    expect((await instanceA.consume(check, 60)).allowed).toBe(true);
    expect((await instanceA.consume(check, 60)).allowed).toBe(true);
    expect(await points("memory")).toBe(2);
    for (let i = 0; i < 5; i++) expect((await instanceA.consume(check, 60)).allowed).toBe(false);
    expect(await points("memory")).toBe(2);
    // The other instance has no such block: it asks the database, which says no.
    expect((await instanceB.consume(check, 60)).allowed).toBe(false);
    expect(await points("memory")).toBe(3);
  });

  it("resets after a real one-second window", async () => {
    const check = [{ key: "second", limit: 1 }];
    expect((await consumeLimits(check, 1)).allowed).toBe(true);
    const blocked = await consumeLimits(check, 1);
    expect(blocked).toEqual({ allowed: false, retryAfter: 1, key: "second" });
    await expect.poll(async () => (await consumeLimits(check, 1)).allowed, { timeout: 5_000 }).toBe(true);
  });

  it("blocks on any of several keys and counts all of them", async () => {
    const checks = [
      { key: "visitor-1", limit: 100 },
      { key: "shared-ip", limit: 3 },
    ];
    for (let i = 0; i < 3; i++) expect((await consumeLimits(checks)).allowed).toBe(true);
    expect(await consumeLimits(checks)).toMatchObject({ allowed: false, key: "shared-ip" });
    expect(await points("visitor-1")).toBe(4);
    await expect(enforceLimits(checks)).rejects.toBeInstanceOf(AppError);
    await expect(enforceLimits(checks)).rejects.toMatchObject({
      status: 429,
      messageKey: "engagement.errors.rateLimited",
      retryAfter: expect.any(Number),
    });
  });
});

describe("the limiter counting failures (peek, strike, reset: the sign-in limits)", () => {
  const WINDOW = 900;
  const expireIn = (key: string, ms: number) =>
    env.db
      .$executeRaw`UPDATE "rate_limiter" SET expire = ${Date.now() + ms} WHERE key = ${`w${WINDOW}:${key}`}`;

  it("counts parallel failures exactly, across two instances, and a look counts nothing", async () => {
    const check = [{ key: "fail-race", limit: 100 }];
    await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 ? instanceA : instanceB).strike(check, WINDOW)),
    );
    expect(await points("fail-race", WINDOW)).toBe(40);
    for (let i = 0; i < 3; i++) expect(await instanceA.peek(check, WINDOW)).toEqual({ allowed: true });
    expect(await points("fail-race", WINDOW)).toBe(40);
  });

  it("refuses from the failure that reaches the limit, for a whole window from it, on every instance", async () => {
    const check = [{ key: "fail-lock", limit: 3 }];
    expect(await instanceA.strike(check, WINDOW)).toEqual({ allowed: true });
    expect(await instanceB.strike(check, WINDOW)).toEqual({ allowed: true });
    expect(await instanceA.peek(check, WINDOW)).toEqual({ allowed: true });
    // The count's window all but over: the failure that reaches the limit still holds the key
    // for a whole window from now.
    await expireIn("fail-lock", 5_000);
    expect(await instanceB.strike(check, WINDOW)).toEqual({
      allowed: false,
      key: "fail-lock",
      retryAfter: WINDOW,
    });
    const peeked = await instanceA.peek(check, WINDOW);
    expect(peeked).toMatchObject({ allowed: false, key: "fail-lock" });
    if (!peeked.allowed) expect(peeked.retryAfter).toBeGreaterThan(WINDOW - 10);
  });

  it("claims parallel attempts exactly, across two instances: only those within the limit pass", async () => {
    const check = [{ key: "claim-race", limit: 5 }];
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? instanceA : instanceB).claim(check, WINDOW)),
    );
    expect(outcomes.filter(([o]) => o?.allowed)).toHaveLength(5);
    expect(outcomes.filter(([o]) => o && !o.allowed && o.key === "claim-race")).toHaveLength(15);
    // The refused ones taken back, the five allowed ones settled as failures: held a window.
    await Promise.all(Array.from({ length: 15 }, () => instanceA.unclaim(check, WINDOW)));
    expect(await points("claim-race", WINDOW)).toBe(5);
    await expireIn("claim-race", 5_000);
    await instanceB.hold(check, WINDOW);
    const peeked = await instanceA.peek(check, WINDOW);
    expect(peeked).toMatchObject({ allowed: false, key: "claim-race" });
    if (!peeked.allowed) expect(peeked.retryAfter).toBeGreaterThan(WINDOW - 10);
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

  it("holds nothing below the limit", async () => {
    const check = [{ key: "claim-low", limit: 3 }];
    await instanceA.claim(check, WINDOW);
    await instanceB.hold(check, WINDOW);
    expect(await instanceA.peek(check, WINDOW)).toEqual({ allowed: true });
    await instanceA.unclaim(check, WINDOW);
    expect(await points("claim-low", WINDOW)).toBe(0);
  });

  it("starts a new count once a window ends before the limit", async () => {
    const check = [{ key: "fail-window", limit: 3 }];
    await instanceA.strike(check, WINDOW);
    await instanceA.strike(check, WINDOW);
    await expireIn("fail-window", -1_000);
    expect(await instanceB.peek(check, WINDOW)).toEqual({ allowed: true });
    expect(await instanceB.strike(check, WINDOW)).toEqual({ allowed: true });
    expect(await points("fail-window", WINDOW)).toBe(1);
  });

  it("forgets a key on reset, whichever instance resets it", async () => {
    const check = [{ key: "fail-reset", limit: 2 }];
    await instanceA.strike(check, WINDOW);
    expect((await instanceA.strike(check, WINDOW)).allowed).toBe(false);
    await instanceB.reset(check, WINDOW);
    expect(await points("fail-reset", WINDOW)).toBeUndefined();
    expect(await instanceA.peek(check, WINDOW)).toEqual({ allowed: true });
    expect(await instanceA.strike(check, WINDOW)).toEqual({ allowed: true });
  });

  it("tells a consumed key used up once it reached its limit", async () => {
    const check = [{ key: "fail-consumed", limit: 2 }];
    expect((await instanceA.consume(check, WINDOW)).allowed).toBe(true);
    expect(await instanceB.peek(check, WINDOW)).toEqual({ allowed: true });
    expect((await instanceA.consume(check, WINDOW)).allowed).toBe(true);
    expect(await instanceB.peek(check, WINDOW)).toMatchObject({ allowed: false, key: "fail-consumed" });
  });
});

describe("the batched store (counting in groups)", () => {
  it("lets exactly `limit` of many simultaneous requests through, and counts each", async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 150 }, () => batchedA.consume([{ key: "batch-race", limit: 60 }], 60)),
    );
    expect(outcomes.filter((o) => o.allowed)).toHaveLength(60);
    expect(outcomes.find((o) => !o.allowed)).toMatchObject({ allowed: false, key: "batch-race" });
    // One statement took them all: every request counted, as one at a time would have been.
    expect(await points("batch-race")).toBe(150);
  });

  it("counts on the library's rows: exact across both kinds of store and two instances", async () => {
    const check = [{ key: "mixed", limit: 40 }];
    const stores = [instanceA, batchedA, instanceB, batchedB];
    const outcomes = await Promise.all(
      Array.from({ length: 100 }, (_, i) => stores[i % 4]!.consume(check, 60)),
    );
    expect(outcomes.filter((o) => o.allowed)).toHaveLength(40);
    const key = [{ key: "lib-then-batch", limit: 3 }];
    for (let i = 0; i < 3; i++) expect((await instanceA.consume(key, 60)).allowed).toBe(true);
    expect((await batchedB.consume(key, 60)).allowed).toBe(false);
  });

  it("blocks a used-up key in memory: no further database write on that instance", async () => {
    const check = [{ key: "batch-memory", limit: 2 }];
    expect((await batchedA.consume(check, 60)).allowed).toBe(true);
    expect((await batchedA.consume(check, 60)).allowed).toBe(true);
    expect(await points("batch-memory")).toBe(2);
    for (let i = 0; i < 5; i++) {
      const outcome = await batchedA.consume(check, 60);
      expect(outcome).toMatchObject({ allowed: false, key: "batch-memory" });
      if (!outcome.allowed) expect(outcome.retryAfter).toBeGreaterThanOrEqual(1);
    }
    expect(await points("batch-memory")).toBe(2);
    // The other instance has no such block: it asks the database, which says no.
    expect((await batchedB.consume(check, 60)).allowed).toBe(false);
    expect(await points("batch-memory")).toBe(3);
  });

  it("starts a new window when the row's has ended", async () => {
    const check = [{ key: "batch-second", limit: 1 }];
    expect((await batchedB.consume(check, 1)).allowed).toBe(true);
    expect(await batchedA.consume(check, 1)).toEqual({ allowed: false, retryAfter: 1, key: "batch-second" });
    await expect.poll(async () => (await batchedA.consume(check, 1)).allowed, { timeout: 5_000 }).toBe(true);
  });

  it("serves a crowd of 2,000 fans with cookies behind one address, and stops a hammer among them", async () => {
    const limits = { like: 60 };
    const fans = Array.from({ length: 2000 }, () => randomUUID());
    const hammer = randomUUID();
    const like = (visitor: string, i: number) =>
      (i % 2 ? batchedA : batchedB).consume([{ key: `batch-like:v:${visitor}`, limit: limits.like }], 60);
    const [crowd, hammering] = await Promise.all([
      Promise.all(fans.map(like)),
      Promise.all(Array.from({ length: 100 }, (_, i) => like(hammer, i))),
    ]);
    expect(crowd.every((o) => o.allowed)).toBe(true);
    expect(hammering.filter((o) => o.allowed)).toHaveLength(60);
  });
});

describe("the batched store's leases (keys with large limits)", () => {
  it("takes a lease of 1 % of the limit, at most 32 points, and none below a limit of 200", () => {
    expect([1, 60, 199, 200, 3000, 50_000].map(leaseSize)).toEqual([1, 1, 1, 2, 30, MAX_LEASE]);
  });

  it("serves simultaneous requests of one key from one lease: one statement, not one each", async () => {
    const check = [{ key: "lease-crowd", limit: 3000 }];
    const outcomes = await Promise.all(Array.from({ length: 30 }, () => batchedA.consume(check, 60)));
    expect(outcomes.every((o) => o.allowed)).toBe(true);
    expect(await points("lease-crowd")).toBe(30);
    // The 31st asks for the next lease.
    expect((await batchedA.consume(check, 60)).allowed).toBe(true);
    expect(await points("lease-crowd")).toBe(60);
  });

  it("never lets more through than the limit across two instances, and refuses at most a lease early each", async () => {
    const check = [{ key: "lease-race", limit: 1000 }]; // leases of 10
    const stores = [batchedA, batchedB];
    const outcomes = await Promise.all(
      Array.from({ length: 1500 }, (_, i) => stores[i % 2]!.consume(check, 60)),
    );
    const allowed = outcomes.filter((o) => o.allowed).length;
    expect(allowed).toBeLessThanOrEqual(1000);
    expect(allowed).toBeGreaterThanOrEqual(1000 - 2 * 9);
    expect(outcomes.find((o) => !o.allowed)).toMatchObject({ allowed: false, key: "lease-race" });
    // Every point handed out was counted in the database first.
    expect(await points("lease-race")).toBeGreaterThanOrEqual(allowed);
  });

  it("drops a lease when its window ends: the new window is counted afresh", async () => {
    const check = [{ key: "lease-window", limit: 500 }]; // leases of 5
    expect((await batchedA.consume(check, 1)).allowed).toBe(true);
    // Other instances use up the rest of the window; this one's 4 leased points were counted already.
    await env.db.$executeRaw`UPDATE "rate_limiter" SET points = 500 WHERE key = ${"w1:lease-window"}`;
    for (let i = 0; i < 4; i++) expect((await batchedA.consume(check, 1)).allowed).toBe(true);
    expect((await batchedA.consume(check, 1)).allowed).toBe(false);
    await expect.poll(async () => (await batchedA.consume(check, 1)).allowed, { timeout: 5_000 }).toBe(true);
    expect(await points("lease-window", 1)).toBe(5);
  });
});

describe("the batched store when the database fails, and under two limits", () => {
  it("fails the requests waiting for a lease with its statement, at once, not one statement each", async () => {
    // A database that refuses connections (nothing listens on port 1): every statement fails.
    const down = new Pool({
      connectionString: "postgres://nobody@127.0.0.1:1/none",
      connectionTimeoutMillis: 1_000,
    });
    down.on("error", () => undefined);
    let statements = 0;
    const counted = new Proxy(down, {
      get: (pool, name) =>
        name === "query"
          ? (...args: unknown[]) => {
              statements++;
              return (pool.query as (...a: unknown[]) => unknown).apply(pool, args);
            }
          : Reflect.get(pool, name),
    });
    const store = batchedLimitStore(() => counted);
    const check = [{ key: "lease-outage", limit: 3000 }];
    const outcomes = await Promise.allSettled(Array.from({ length: 30 }, () => store.consume(check, 60)));
    expect(outcomes.every((o) => o.status === "rejected")).toBe(true);
    expect(statements).toBe(1);
    await down.end();
  });

  it("gives up a fan's statement after five seconds: an unanswering database fails requests, not holds them", async () => {
    const { rows } = await fanPool().query<{ statement_timeout: string }>("SHOW statement_timeout");
    expect(rows[0]!.statement_timeout).toBe(`${FAN_STATEMENT_TIMEOUT_MS / 1000}s`);
    expect(fanPool().options.connectionTimeoutMillis).toBe(FAN_STATEMENT_TIMEOUT_MS);
  });

  it("never hands a lease or a block taken under one limit to a check of the same key under another", async () => {
    const key = "two-limits";
    expect((await batchedA.consume([{ key, limit: 3000 }], 60)).allowed).toBe(true);
    expect(await points(key)).toBe(30); // 29 kept for checks under 3,000
    // A check under 200 (leases of 2) counts for itself.
    expect((await batchedA.consume([{ key, limit: 200 }], 60)).allowed).toBe(true);
    expect(await points(key)).toBe(32);
    // At 200 it is refused, and blocked under 200 only: the checks under 3,000 go on.
    await env.db.$executeRaw`UPDATE "rate_limiter" SET points = 200 WHERE key = ${"w60:" + key}`;
    expect((await batchedA.consume([{ key, limit: 200 }], 60)).allowed).toBe(true); // its leased point
    expect((await batchedA.consume([{ key, limit: 200 }], 60)).allowed).toBe(false);
    expect((await batchedA.consume([{ key, limit: 3000 }], 60)).allowed).toBe(true);
  });
});

describe("the fan limits behind one address", () => {
  const limits: EngagementLimits = {
    windowSeconds: 60,
    perVisitor: { like: 60, comment: 10, share: 30, download: 30, view: 120, watchTime: 20 },
    anonPerIp: 30,
  };
  const ipKey = "nat-address-hash";
  const like = (visitor: { id: string; isNew: boolean }, store: LimitStore) =>
    store.consume(limitChecks(limits, "like", visitor, ipKey), limits.windowSeconds);

  it("serves a crowd of 2,000 fans with cookies, each liking once, through two instances", async () => {
    const fans = Array.from({ length: 2000 }, () => ({ id: randomUUID(), isNew: false }));
    const outcomes = await Promise.all(fans.map((fan, i) => like(fan, i % 2 ? instanceA : instanceB)));
    expect(outcomes.filter((o) => !o.allowed)).toHaveLength(0);
    // No row every request updated: one row per fan, none for the address.
    const [rows] = await env.db.$queryRaw<{ fans: number; ip: number }[]>`
      SELECT count(*) FILTER (WHERE key LIKE 'w60:eng:like:v:%')::int AS fans,
             count(*) FILTER (WHERE key LIKE ${`%${ipKey}%`})::int AS ip
      FROM "rate_limiter"`;
    expect(rows).toEqual({ fans: 2000, ip: 0 });
  });

  it("stops a client hammering with one cookie", async () => {
    const hammer = { id: randomUUID(), isNew: false };
    const outcomes: boolean[] = [];
    for (let i = 0; i < 70; i++) outcomes.push((await like(hammer, i % 2 ? instanceA : instanceB)).allowed);
    expect(outcomes.indexOf(false)).toBe(60);
    expect(outcomes.slice(60).every((allowed) => !allowed)).toBe(true);
  });

  it("stops a client hammering without cookies (a new visitor every request)", async () => {
    const outcomes: boolean[] = [];
    for (let i = 0; i < 40; i++) {
      outcomes.push((await like({ id: randomUUID(), isNew: true }, i % 2 ? instanceA : instanceB)).allowed);
    }
    expect(outcomes.indexOf(false)).toBe(30);
    // Fans with a cookie behind the same address are not affected.
    expect((await like({ id: randomUUID(), isNew: false }, instanceA)).allowed).toBe(true);
  });
});
