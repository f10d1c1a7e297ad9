import { NextRequest } from "next/server";
import { describe, expect, it, vi } from "vitest";
import { EMPTY_ROUTING } from "@/lib/platform/tenancy/routing-table";
import { proxy } from "@/proxy";

// The routing table is the database's (tests/integration/routing-table.test.ts); empty here.
vi.mock("@/lib/platform/tenancy/routing-table", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/platform/tenancy/routing-table")>()),
  routingTable: () => ({ current: async () => EMPTY_ROUTING }),
}));

// Issue #12 hole 9: the proxy decides each page's policy. Next.js applies the request headers
// a proxy overrides as `x-middleware-request-*` (listed in `x-middleware-override-headers`).

const SESSION = "afterglow.session_token=abc";

async function visit(path: string, headers: Record<string, string> = {}) {
  const answer = await proxy(
    new NextRequest(`http://localhost:3000${path}`, { headers: { host: "localhost:3000", ...headers } }),
  );
  const override = answer.headers.get("x-middleware-override-headers");
  return {
    policy: answer.headers.get("content-security-policy") ?? "",
    /** A request header as the page sees it: the client's own unless the proxy overrides them. */
    pageHeader: (name: string) =>
      override === null
        ? (headers[name] ?? null)
        : override.split(",").includes(name)
          ? answer.headers.get(`x-middleware-request-${name}`)
          : null,
  };
}

const scriptSrc = (policy: string) => policy.split("; ").find((d) => d.startsWith("script-src")) ?? "";

describe("dynamic pages (the signed-in area)", () => {
  const pages = ["/admin", "/admin/leads", "/auth", "/auth/reset-password", "/onboarding", "/invite/tok"];

  it("get a strict nonce policy, the same on the request Next.js renders with", async () => {
    for (const path of pages) {
      const { policy, pageHeader } = await visit(path, { cookie: SESSION });
      const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
      expect(nonce, path).toMatch(/^[A-Za-z0-9+/]{24}$/);
      expect(scriptSrc(policy)).toBe(`script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`);
      expect(pageHeader("content-security-policy")).toBe(policy);
      expect(pageHeader("x-nonce")).toBe(nonce);
    }
  });

  it("get a fresh nonce on every request", async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => visit("/auth")));
    const nonces = new Set(answers.map((answer) => /'nonce-([^']+)'/.exec(answer.policy)?.[1]));
    expect(nonces.size).toBe(20);
  });

  it("include the sign-in redirect and any path below the area", async () => {
    expect(scriptSrc((await visit("/admin/x/y")).policy)).toContain("'strict-dynamic'");
    expect(scriptSrc((await visit("/%61dmin")).policy)).toContain("'strict-dynamic'");
  });
});

describe("cached public pages", () => {
  const pages = ["/", "/demo", "/demo/evento/x", "/event/x", "/player/x", "/terms", "/administrator"];

  it("get no nonce, and no client-chosen policy or nonce reaches the render", async () => {
    for (const path of pages) {
      const { policy, pageHeader } = await visit(path, {
        "content-security-policy": "script-src 'nonce-chosen'",
        "x-nonce": "chosen",
      });
      expect(policy, path).not.toContain("'nonce-");
      expect(policy).toContain("object-src 'none'");
      expect(pageHeader("content-security-policy")).toBeNull();
      expect(pageHeader("x-nonce")).toBeNull();
    }
  });

  it("on a tenant's own host too, whatever its path", async () => {
    const { policy } = await visit("/admin", { host: "demo.localhost:3000" });
    expect(policy).not.toContain("'nonce-");
  });
});
