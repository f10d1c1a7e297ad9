import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { LimitCheck, LimitOutcome, LimitStore } from "@/lib/core/rate-limit/limiter";
import { issueVisitorCookie } from "@/lib/platform/visitors/issue";
import type { VisitorRequestOptions } from "@/lib/platform/visitors/request-options";
import { readVisitor, signedVisitorId } from "@/lib/platform/visitors/visitor";

// Issue #34, row 4: a visitor id is handed out by one function, which asks the per-address
// ceiling of new visitors first (the entrances through their route handlers:
// tests/integration/visitor-mint.test.ts).

const options = (secureCookie = false): VisitorRequestOptions => ({
  limits: {
    windowSeconds: 60,
    perVisitor: { like: 9, comment: 9, share: 9, download: 9, view: 9, watchTime: 9 },
    anonPerIp: 9,
    newVisitorsPerIp: 2,
  },
  clientIp: { trustProxy: false, trustedProxies: [] },
  ipSecret: "test-secret",
  secureCookie,
});

/** A store that counts per key, as the real ones do, and records what it was asked. */
function countingStore() {
  const counts = new Map<string, number>();
  const asked: LimitCheck[][] = [];
  const store: LimitStore = {
    async consume(checks): Promise<LimitOutcome> {
      asked.push([...checks]);
      for (const { key, limit } of checks) {
        const n = (counts.get(key) ?? 0) + 1;
        counts.set(key, n);
        if (n > limit) return { allowed: false, retryAfter: 60, key };
      }
      return { allowed: true };
    },
  };
  return { store, asked };
}

const fresh = (ip = "203.0.113.7") =>
  new Request("https://app.test/s/abcdefgh23", { headers: { "x-forwarded-for": ip } });
const id = "0b7d3c1e-5f4a-4c2b-9d8e-1a2b3c4d5e6f";

describe("issueVisitorCookie", () => {
  it("gives a new visitor a signed, HttpOnly, Lax, one-year cookie, Secure only on https", async () => {
    const { store } = countingStore();
    const request = fresh();
    const visitor = readVisitor(request);
    expect(await issueVisitorCookie(request, visitor, options(), store)).toBe(
      `ag_vid=${signedVisitorId(visitor.id)}; Path=/; Max-Age=31536000; HttpOnly; SameSite=Lax`,
    );
    const secure = await issueVisitorCookie(request, readVisitor(request), options(true), store);
    expect(secure).toMatch(/; Secure$/);
  });

  it("issues nothing past the address's ceiling of new visitors, and counts per address", async () => {
    const { store } = countingStore();
    const issued: boolean[] = [];
    for (let i = 0; i < 4; i++) {
      const request = fresh();
      issued.push((await issueVisitorCookie(request, readVisitor(request), options(), store)) !== null);
    }
    expect(issued).toEqual([true, true, false, false]);
    // Another address has its own ceiling.
    const other = fresh("198.51.100.4");
    expect(await issueVisitorCookie(other, readVisitor(other), options(), store)).not.toBeNull();
  });

  it("issues nothing to a visitor who has a valid cookie, and counts nothing for it", async () => {
    const { store, asked } = countingStore();
    const request = new Request("https://app.test/", {
      headers: { cookie: `ag_vid=${signedVisitorId(id)}`, "x-forwarded-for": "203.0.113.7" },
    });
    expect(await issueVisitorCookie(request, readVisitor(request), options(), store)).toBeNull();
    expect(asked).toEqual([]);
  });
});

describe("the one issuer", () => {
  const root = path.join(import.meta.dirname, "../..");
  const issuers = new Set(["lib/platform/visitors/issue.ts", "lib/platform/visitors/visitor.ts"]);
  const sources = (dir: string): string[] =>
    readdirSync(path.join(root, dir)).flatMap((name) => {
      const rel = `${dir}/${name}`;
      if (rel === "lib/generated") return [];
      if (statSync(path.join(root, rel)).isDirectory()) return sources(rel);
      return /\.(?:ts|tsx|cjs|mjs|js)$/.test(name) ? [rel] : [];
    });

  it("is the only code that signs a visitor id or writes the visitor cookie", () => {
    const files = [...["lib", "app", "server", "components"].flatMap(sources), "proxy.ts"];
    expect(files.length).toBeGreaterThan(100);
    const minting = files.filter((file) => {
      if (issuers.has(file)) return false;
      const text = readFileSync(path.join(root, file), "utf8");
      return /signedVisitorId|VISITOR_COOKIE\s*}?\s*=|ag_vid=|sign\(\s*["']visitor-cookie/.test(text);
    });
    expect(minting).toEqual([]);
  });
});
