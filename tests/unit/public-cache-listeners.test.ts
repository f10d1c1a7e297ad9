import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { ttlCache } from "@/lib/core/cache/ttl-cache";
import { clearWithPublicCaches } from "@/lib/platform/site/public-cache-listeners";

/**
 * A shared in-process answer (the first visit's engagement state, the first page of comments) is
 * forgotten when the page micro-cache is cleared by an expired public cache tag (any instance).
 */
const require = createRequire(import.meta.url);
const { PageMicrocache } = require("../../server/page-microcache.cjs") as {
  PageMicrocache: new () => { clear(): void };
};

describe("clearWithPublicCaches", () => {
  it("clears a registered cache when the page micro-cache is cleared", async () => {
    const cache = ttlCache<number>({ ttlMs: 60_000, maxEntries: 10 });
    clearWithPublicCaches(cache);
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get("c1", load)).toBe(1);
    expect(await cache.get("c1", load)).toBe(1);
    new PageMicrocache().clear();
    expect(cache.size).toBe(0);
    expect(await cache.get("c1", load)).toBe(2);
  });

  it("leaves an unregistered cache alone", async () => {
    const cache = ttlCache<number>({ ttlMs: 60_000, maxEntries: 10 });
    await cache.get("c1", async () => 1);
    new PageMicrocache().clear();
    expect(cache.size).toBe(1);
  });
});
