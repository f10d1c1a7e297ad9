import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { proxy } from "@/proxy";

// Issue #12 hole 9: the proxy decides each page's policy. Next.js applies the request headers
// a proxy overrides as `x-middleware-request-*` (listed in `x-middleware-override-headers`).

const SESSION = "afterglow.session_token=abc";

function visit(path: string, headers: Record<string, string> = {}) {
  const answer = proxy(
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

  it("get a strict nonce policy, the same on the request Next.js renders with", () => {
    for (const path of pages) {
      const { policy, pageHeader } = visit(path, { cookie: SESSION });
      const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
      expect(nonce, path).toMatch(/^[A-Za-z0-9+/]{24}$/);
      expect(scriptSrc(policy)).toBe(`script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`);
      expect(pageHeader("content-security-policy")).toBe(policy);
      expect(pageHeader("x-nonce")).toBe(nonce);
    }
  });

  it("get a fresh nonce on every request", () => {
    const nonces = new Set(
      Array.from({ length: 20 }, () => /'nonce-([^']+)'/.exec(visit("/auth").policy)?.[1]),
    );
    expect(nonces.size).toBe(20);
  });

  it("include the sign-in redirect and any path below the area", () => {
    expect(scriptSrc(visit("/admin/x/y").policy)).toContain("'strict-dynamic'");
    expect(scriptSrc(visit("/%61dmin").policy)).toContain("'strict-dynamic'");
  });
});

describe("cached public pages", () => {
  const pages = ["/", "/demo", "/demo/evento/x", "/event/x", "/player/x", "/terms", "/administrator"];

  it("get no nonce, and no client-chosen policy or nonce reaches the render", () => {
    for (const path of pages) {
      const { policy, pageHeader } = visit(path, {
        "content-security-policy": "script-src 'nonce-chosen'",
        "x-nonce": "chosen",
      });
      expect(policy, path).not.toContain("'nonce-");
      expect(policy).toContain("object-src 'none'");
      expect(pageHeader("content-security-policy")).toBeNull();
      expect(pageHeader("x-nonce")).toBeNull();
    }
  });

  it("on a tenant's own host too, whatever its path", () => {
    const { policy } = visit("/admin", { host: "demo.localhost:3000" });
    expect(policy).not.toContain("'nonce-");
  });
});
