import { NextRequest } from "next/server";
import { describe, expect, it, vi } from "vitest";
import type { RoutingSnapshot } from "@/lib/platform/tenancy/routing-table";
import {
  LAPSED_DOMAIN_ROUTE,
  LAPSED_PATH_HEADER,
  lapsedDomainAnswer,
} from "@/lib/platform/tenancy/lapsed-domain";
import { proxy } from "@/proxy";

// The proxy's answers for hosts and released slugs (#14), with a fixed routing table; the
// decision itself is tested case by case in request-route.test.ts. APP_URL is the default
// (http://localhost:3000), so `{slug}.localhost` is the tenant host.
const routing: RoutingSnapshot = {
  domains: new Map([["shop.example", "demo"]]),
  redirects: new Map([["old", "demo"]]),
  lapsed: new Map([["lapsed.example", { slug: "demo", subdomain: true }]]),
};
vi.mock("@/lib/platform/tenancy/routing-table", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/platform/tenancy/routing-table")>()),
  routingTable: () => ({ current: async () => routing }),
}));

const visit = (host: string, path: string) =>
  proxy(new NextRequest(`http://localhost:3000${path}`, { headers: { host } }));

describe("proxy routing", () => {
  it("answers a plain, uncached 404 for a host that is not ours", async () => {
    for (const host of ["demo.evil.com", "pending.example", "demo.afterglow.events.evil.com"]) {
      const answer = await visit(host, "/evento/x");
      expect(answer.status, host).toBe(404);
      expect(answer.headers.get("content-type")).toContain("text/plain");
      expect(answer.headers.get("cache-control")).toBe("no-store");
      expect(answer.headers.get("x-middleware-rewrite")).toBeNull();
    }
  });

  it("serves an active custom domain from its company's site tree", async () => {
    const answer = await visit("Shop.Example:443", "/evento/x?a=1");
    expect(answer.status).toBe(200);
    expect(new URL(answer.headers.get("x-middleware-rewrite")!).pathname).toBe("/pt/~site/demo/evento/x");
  });

  it("redirects a released slug permanently, in path mode and on its host", async () => {
    const path = await visit("localhost:3000", "/old/evento/x?ref=qr");
    expect(path.status).toBe(308);
    expect(path.headers.get("location")).toBe("http://localhost:3000/demo/evento/x?ref=qr");
    expect(path.headers.get("cache-control")).toBe("public, max-age=300");
    const host = await visit("old.localhost:3000", "/player/abc");
    expect(host.status).toBe(308);
    expect(host.headers.get("location")).toBe("http://demo.localhost:3000/player/abc");
  });

  it("redirects a custom domain the plan no longer includes to the subdomain, for now only", async () => {
    for (const path of ["/evento/x?ch=qr", "/s/abc123"]) {
      // The proxy hands it to the route (Next.js would cut its own Location down to a path)…
      const rewritten = await visit("lapsed.example", path);
      const route = new URL(rewritten.headers.get("x-middleware-rewrite")!);
      expect(route.pathname).toBe(LAPSED_DOMAIN_ROUTE);
      // …which answers the 302 whole, from the Host and the table, never from the query.
      // The original path rides in a request header the proxy sets for the rewrite.
      const forwarded = rewritten.headers.get(`x-middleware-request-${LAPSED_PATH_HEADER}`);
      expect(forwarded).toBe(path);
      const answer = await lapsedDomainAnswer(
        new Request(`http://localhost:3000${route.pathname}`, {
          headers: { host: "lapsed.example", [LAPSED_PATH_HEADER]: forwarded! },
        }),
      );
      expect(answer.status).toBe(302);
      expect(answer.headers.get("location")).toBe(`http://demo.localhost:3000${path}`);
      // An upgrade brings the domain back: no browser may keep the redirect.
      expect(answer.headers.get("cache-control")).toBe("no-store");
    }
  });

  it("answers its route with a 404 for any other host: no open redirect through it", async () => {
    for (const host of ["shop.example", "localhost:3000", "evil.example"]) {
      const answer = await lapsedDomainAnswer(
        new Request(`http://localhost:3000${LAPSED_DOMAIN_ROUTE}`, {
          headers: { host, [LAPSED_PATH_HEADER]: "//evil.example/x" },
        }),
      );
      expect(answer.status, host).toBe(404);
      expect(answer.headers.get("location")).toBeNull();
    }
    // A lapsed host with a hostile path stays on the company's own origin.
    const answer = await lapsedDomainAnswer(
      new Request(`http://localhost:3000${LAPSED_DOMAIN_ROUTE}`, {
        headers: { host: "lapsed.example", [LAPSED_PATH_HEADER]: "//evil.example/x" },
      }),
    );
    expect(new URL(answer.headers.get("location")!).origin).toBe("http://demo.localhost:3000");
  });

  it("keeps the app's own host and the current slug as they were", async () => {
    const answer = await visit("localhost:3000", "/demo");
    expect(answer.status).toBe(200);
    expect(new URL(answer.headers.get("x-middleware-rewrite")!).pathname).toBe("/pt/demo");
  });
});
