import { describe, expect, it } from "vitest";
import { ttlCache } from "@/lib/core/cache/ttl-cache";

describe("ttlCache", () => {
  it("loads once per key while fresh, again after the TTL, and once for callers arriving together", async () => {
    let clock = 0;
    let loads = 0;
    const cache = ttlCache<number>({ ttlMs: 1000, maxEntries: 10, now: () => clock });
    const load = () => Promise.resolve(++loads);
    expect(await Promise.all([cache.get("a", load), cache.get("a", load), cache.get("a", load)])).toEqual([
      1, 1, 1,
    ]);
    clock = 999;
    expect(await cache.get("a", load)).toBe(1);
    clock = 1000;
    expect(await cache.get("a", load)).toBe(2);
    cache.delete("a");
    expect(await cache.get("a", load)).toBe(3);
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it("forgets a failed load, and keeps at most maxEntries (the oldest go first)", async () => {
    const cache = ttlCache<string>({ ttlMs: 60_000, maxEntries: 2 });
    await expect(cache.get("x", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cache.get("x", () => Promise.resolve("up"))).toBe("up");
    await cache.get("y", () => Promise.resolve("y"));
    await cache.get("z", () => Promise.resolve("z"));
    expect(cache.size).toBe(2);
    expect(await cache.get("x", () => Promise.resolve("reloaded"))).toBe("reloaded");
  });
});
