import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { consumeLimits, deleteExpiredLimits, enforceLimits } from "@/lib/rate-limit/limiter";
import { engagementTestEnv, type EngagementTestEnv } from "./support/engagement";

let env: EngagementTestEnv;

beforeAll(async () => {
  env = await engagementTestEnv();
});
afterAll(() => env?.close());

const never = () => 1; // no opportunistic clean-up unless a test asks for it

describe("fixed-window limiter", () => {
  it("lets exactly `limit` of many simultaneous requests through", async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 150 }, () => consumeLimits([{ key: "race", limit: 60 }], 60, never)),
    );
    expect(outcomes.filter((o) => o.allowed)).toHaveLength(60);
    const row = await env.db.requestLimit.findUniqueOrThrow({ where: { key: "race" } });
    expect(row.count).toBe(150);
    const blocked = outcomes.find((o) => !o.allowed);
    expect(blocked).toMatchObject({ allowed: false, key: "race" });
    if (blocked && !blocked.allowed) {
      expect(blocked.retryAfter).toBeGreaterThanOrEqual(1);
      expect(blocked.retryAfter).toBeLessThanOrEqual(60);
    }
  });

  it("starts a new window once the old one has passed", async () => {
    const check = [{ key: "tiny", limit: 2 }];
    expect((await consumeLimits(check, 60, never)).allowed).toBe(true);
    expect((await consumeLimits(check, 60, never)).allowed).toBe(true);
    expect((await consumeLimits(check, 60, never)).allowed).toBe(false);
    await env.db.requestLimit.update({
      where: { key: "tiny" },
      data: { windowStart: new Date(Date.now() - 61_000) },
    });
    expect((await consumeLimits(check, 60, never)).allowed).toBe(true);
    expect(await env.db.requestLimit.findUniqueOrThrow({ where: { key: "tiny" } })).toMatchObject({
      count: 1,
    });
  });

  it("resets after a real one-second window", async () => {
    const check = [{ key: "second", limit: 1 }];
    expect((await consumeLimits(check, 1, never)).allowed).toBe(true);
    const blocked = await consumeLimits(check, 1, never);
    expect(blocked).toEqual({ allowed: false, retryAfter: 1, key: "second" });
    // Within about a second by the database's clock (polled: no fixed sleep to race against).
    const start = Date.now();
    await expect
      .poll(async () => (await consumeLimits(check, 1, never)).allowed, { timeout: 5_000 })
      .toBe(true);
    expect(Date.now() - start).toBeLessThan(3_000);
  });

  it("blocks on any of several keys and counts all of them", async () => {
    const checks = [
      { key: "visitor-1", limit: 100 },
      { key: "shared-ip", limit: 3 },
    ];
    for (let i = 0; i < 3; i++) expect((await consumeLimits(checks, 60, never)).allowed).toBe(true);
    expect(await consumeLimits(checks, 60, never)).toMatchObject({
      allowed: false,
      key: "shared-ip",
    });
    expect((await env.db.requestLimit.findUniqueOrThrow({ where: { key: "visitor-1" } })).count).toBe(4);
    await expect(enforceLimits(checks)).rejects.toBeInstanceOf(AppError);
    await expect(enforceLimits(checks)).rejects.toMatchObject({
      status: 429,
      messageKey: "engagement.errors.rateLimited",
      retryAfter: expect.any(Number),
    });
  });

  it("does not deadlock when requests share one key and hold others", async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 80 }, (_, i) =>
        consumeLimits(
          [
            { key: `v-${i % 7}`, limit: 1000 },
            { key: "ip-common", limit: 50 },
          ],
          60,
          never,
        ),
      ),
    );
    expect(outcomes.filter((o) => o.allowed)).toHaveLength(50);
  });

  it("cleans up long-expired rows, now and then on its own", async () => {
    await env.db.requestLimit.createMany({
      data: [
        { key: "stale-1", windowStart: new Date(Date.now() - 2 * 3600_000), count: 5 },
        { key: "stale-2", windowStart: new Date(Date.now() - 2 * 3600_000), count: 5 },
      ],
    });
    expect(await deleteExpiredLimits()).toBe(2);
    await env.db.requestLimit.create({
      data: { key: "stale-3", windowStart: new Date(Date.now() - 2 * 3600_000), count: 1 },
    });
    await consumeLimits([{ key: "fresh", limit: 5 }], 60, () => 0);
    expect(await env.db.requestLimit.findUnique({ where: { key: "stale-3" } })).toBeNull();
    expect(await env.db.requestLimit.findUnique({ where: { key: "fresh" } })).not.toBeNull();
  });
});
