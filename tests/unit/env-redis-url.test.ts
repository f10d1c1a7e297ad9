import { afterEach, describe, expect, it, vi } from "vitest";

/** REDIS_URL is optional; when given it must name a Redis server (lib/core/env.ts). */
async function loadWith(value: string) {
  vi.stubEnv("REDIS_URL", value);
  vi.resetModules();
  return (await import("@/lib/core/env")).env.REDIS_URL;
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe("REDIS_URL", () => {
  it("is absent when empty: the database keeps the rate-limit counters", async () => {
    expect(await loadWith("")).toBeUndefined();
  });

  it("accepts redis:// and rediss:// (TLS)", async () => {
    expect(await loadWith("redis://127.0.0.1:6379")).toBe("redis://127.0.0.1:6379");
    expect(await loadWith("rediss://user:secret@cache.example.com:6380/2")).toBe(
      "rediss://user:secret@cache.example.com:6380/2",
    );
  });

  it("refuses any other address, saying what it expects", async () => {
    await expect(loadWith("http://127.0.0.1:6379")).rejects.toThrow(
      /REDIS_URL must start with redis:\/\/ or rediss:\/\//,
    );
    await expect(loadWith("not a url")).rejects.toThrow(/REDIS_URL/);
  });
});
