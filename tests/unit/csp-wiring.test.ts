import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import { afterEach, describe, expect, it, vi } from "vitest";
import nextConfig from "@/next.config";

/**
 * Where the policies are attached, not only how they are computed (public-csp.test.ts): the
 * API's deny-all header in next.config, and the cache handler that stores a cached page's hash
 * policy with it. The browser check of both is tests/e2e/csp.spec.ts; these fail in seconds.
 */

const require = createRequire(import.meta.url);
type CacheValue = { kind: string; html: string; headers?: Record<string, string> };
type Handler = {
  get(key: string, ctx: unknown): Promise<{ value: CacheValue } | null>;
  set(key: string, data: CacheValue, ctx: unknown): Promise<void>;
};
const CspCacheHandler = require("../../server/csp-cache-handler.cjs") as new (ctx: object) => Handler;
const FileSystemCache = (
  require("next/dist/server/lib/incremental-cache/file-system-cache.js") as {
    default: { prototype: { get: () => Promise<unknown>; set: () => Promise<void> } };
  }
).default;

afterEach(() => {
  vi.restoreAllMocks();
});

describe("next.config's headers", () => {
  it("give every API answer the deny-all policy", async () => {
    const rules = (await nextConfig.headers!()) as {
      source: string;
      headers: { key: string; value: string }[];
    }[];
    const api = rules.find((r) => r.source === "/api/:path*");
    const policy = api?.headers.find((h) => h.key === "Content-Security-Policy")?.value ?? "";
    expect(policy.split("; ")).toEqual(
      expect.arrayContaining(["default-src 'none'", "frame-ancestors 'none'", "base-uri 'none'"]),
    );
    const all = rules.find((r) => r.source === "/:path*")?.headers.map((h) => h.key) ?? [];
    expect(all).toEqual(
      expect.arrayContaining(["X-Content-Type-Options", "X-Frame-Options", "Referrer-Policy"]),
    );
  });
});

describe("the cache handler", () => {
  const script = 'self.__next_f.push([1,"hello"])';
  const page = (): CacheValue => ({
    kind: "APP_PAGE",
    html: `<html><body><script>${script}</script><script>alert(1)</script></body></html>`,
  });
  const hash = `'sha256-${createHash("sha256").update(script).digest("base64")}'`;

  it("stores a cached page with the hash policy of its own inline scripts", async () => {
    const stored = vi.spyOn(FileSystemCache.prototype, "set").mockResolvedValue(undefined);
    const value = page();
    await new CspCacheHandler({}).set("/pt/demo", value, {});
    expect(stored).toHaveBeenCalledOnce();
    const policy = value.headers?.["content-security-policy"] ?? "";
    expect(policy).toMatch(/^script-src 'self' /);
    expect(policy).toContain(hash);
    // The script Next.js did not write has no hash: it would not run.
    expect(policy.match(/'sha256-/g)).toHaveLength(1);
  });

  it("adds it to a page built before the handler saw it, when first read", async () => {
    vi.spyOn(FileSystemCache.prototype, "get").mockResolvedValue({ value: page() });
    const read = await new CspCacheHandler({}).get("/pt/demo", {});
    expect(read?.value.headers?.["content-security-policy"]).toContain(hash);
  });

  it("says a cached page's answer depends on the language cookie and Accept-Language (issue #15)", async () => {
    vi.spyOn(FileSystemCache.prototype, "set").mockResolvedValue(undefined);
    const value = page();
    await new CspCacheHandler({}).set("/pt/demo", value, {});
    expect(value.headers?.vary).toBe("Cookie, Accept-Language");
    vi.spyOn(FileSystemCache.prototype, "get").mockResolvedValue({ value: page() });
    expect((await new CspCacheHandler({}).get("/en/demo", {}))?.value.headers?.vary).toBe(
      "Cookie, Accept-Language",
    );
  });
});
