import { describe, expect, it } from "vitest";
import { decideRoute, movedPath, type RouteSite } from "@/lib/platform/tenancy/request-route";
import type { RoutingSnapshot } from "@/lib/platform/tenancy/routing-table";

// Host → company routing and slug redirects (#14), from the routing table alone. `shop.example`
// is an active custom domain of "demo"; `pending.example` was added but is not active, and
// `removed.example` was removed: neither is in the table (it holds active domains only).

const site: RouteSite = {
  rootDomain: "afterglow.events",
  previewDomains: ["vercel.app", "netlify.app"],
  appOrigin: "https://afterglow.events",
  tenantOrigin: (slug) => `https://${slug}.afterglow.events`,
};
const routing: RoutingSnapshot = {
  domains: new Map([["shop.example", "demo"]]),
  // Custom domains whose company's plan no longer includes them (issue #40).
  lapsed: new Map([
    ["lapsed.example", { slug: "demo", subdomain: true }],
    ["nosub.example", { slug: "club", subdomain: false }],
  ]),
  // Two changes: old1 → old2 → demo; the table maps both straight to the current slug.
  redirects: new Map([
    ["old1", "demo"],
    ["old2", "demo"],
  ]),
};
const decide = (host: string | null, pathname = "/", search = "") =>
  decideRoute({ host, pathname, search }, routing, site);

describe("a custom domain the plan no longer includes", () => {
  it("redirects, temporarily, to the same path and query on the company's subdomain", () => {
    expect(decide("Lapsed.Example:443", "/evento/x", "?ch=qr")).toEqual({
      kind: "redirect",
      location: "https://demo.afterglow.events/evento/x?ch=qr",
      temporary: true,
    });
    expect(decide("lapsed.example", "/s/abc123")).toEqual({
      kind: "redirect",
      location: "https://demo.afterglow.events/s/abc123",
      temporary: true,
    });
  });

  it("goes under the company's slug on the app's host when it has no live subdomain", () => {
    expect(decide("nosub.example", "/")).toMatchObject({ location: "https://afterglow.events/club" });
    expect(decide("nosub.example", "/evento/x", "?a=1")).toMatchObject({
      location: "https://afterglow.events/club/evento/x?a=1",
      temporary: true,
    });
    // A short link answers on every host: the same code on the app's host.
    expect(decide("nosub.example", "/s/abc123")).toMatchObject({
      location: "https://afterglow.events/s/abc123",
    });
  });
});

describe("host routing", () => {
  it.each([
    ["afterglow.events", "root"],
    ["www.afterglow.events", "www"],
    ["AfterGlow.Events.:443", "root, upper-case, trailing dot, port"],
    ["localhost:3000", "localhost"],
    ["127.0.0.1:3000", "IPv4"],
    ["[::1]:3000", "IPv6"],
    ["my-branch.vercel.app", "preview"],
    ["deploy-preview-1.netlify.app", "preview"],
    ["admin.afterglow.events", "reserved label"],
    ["api.afterglow.events", "reserved label"],
  ])("%s (%s) is the app itself", (host) => {
    expect(decide(host)).toEqual({ kind: "app" });
  });

  it("serves a subdomain of the app's domain as that tenant, in any spelling", () => {
    for (const host of [
      "demo.afterglow.events",
      "DEMO.afterglow.events",
      "demo.afterglow.events.",
      "demo.afterglow.events:8443",
    ])
      expect(decide(host, "/evento/x")).toEqual({ kind: "tenant", slug: "demo", via: "subdomain" });
  });

  it("serves an active custom domain as its company, in any spelling", () => {
    for (const host of ["shop.example", "Shop.Example", "shop.example.", "shop.example:443"])
      expect(decide(host, "/evento/x")).toEqual({ kind: "tenant", slug: "demo", via: "custom" });
  });

  it.each([
    ["pending.example", "pending custom domain"],
    ["removed.example", "removed custom domain"],
    ["unknown.example", "unknown host"],
    // Regression: three labels were enough to be routed by the first one.
    ["demo.evil.com", "foreign host whose first label is a tenant"],
    ["demo.afterglow.events.evil.com", "foreign host ending like ours"],
    ["a.demo.afterglow.events", "two labels below the root"],
    ["demo.localhost", "localhost label outside development"],
    ["bad_host.example", "malformed"],
    ["shop.example/evil", "malformed"],
    [`${"a".repeat(64)}.afterglow.events`, "label too long"],
  ])("%s (%s) is not found", (host) => {
    expect(decide(host)).toEqual({ kind: "not-found" });
  });

  it("routes `{label}.localhost` when the app is on localhost or in development", () => {
    const local = { ...site, rootDomain: "localhost" };
    expect(decideRoute({ host: "demo.localhost:3000", pathname: "/", search: "" }, routing, local)).toEqual({
      kind: "tenant",
      slug: "demo",
      via: "subdomain",
    });
    const dev = { ...site, localhostTenants: true };
    expect(decideRoute({ host: "demo.localhost:3000", pathname: "/", search: "" }, routing, dev)).toEqual({
      kind: "tenant",
      slug: "demo",
      via: "subdomain",
    });
  });

  it("without a Host header, is the app", () => {
    expect(decide(null)).toEqual({ kind: "app" });
  });
});

describe("slug redirects", () => {
  it.each([
    ["/old1", "", "https://afterglow.events/demo"],
    ["/old2/evento/show", "", "https://afterglow.events/demo/evento/show"],
    ["/old1/player/abc123", "?t=30", "https://afterglow.events/demo/player/abc123?t=30"],
    ["/old1/termos", "", "https://afterglow.events/demo/termos"],
    ["/OLD1/privacidade", "?a=1&b=2", "https://afterglow.events/demo/privacidade?a=1&b=2"],
  ])("path mode: %s%s → %s", (pathname, search, location) => {
    expect(decide("afterglow.events", pathname, search)).toEqual({ kind: "redirect", location });
  });

  it("tenant host: {old}.{root}/… → {new}.{root}/…, query kept", () => {
    expect(decide("old2.afterglow.events", "/evento/show", "?x=1")).toEqual({
      kind: "redirect",
      location: "https://demo.afterglow.events/evento/show?x=1",
    });
  });

  it("leaves current slugs, other paths and custom domains alone", () => {
    expect(decide("afterglow.events", "/demo/evento/x")).toEqual({ kind: "app" });
    expect(decide("afterglow.events", "/admin")).toEqual({ kind: "app" });
    expect(decide("afterglow.events", "/")).toEqual({ kind: "app" });
    expect(decide("afterglow.events", "/x/old1")).toEqual({ kind: "app" });
    expect(decide("shop.example", "/old1")).toEqual({ kind: "tenant", slug: "demo", via: "custom" });
  });

  it("never leaves the app's origin, whatever the path", () => {
    for (const pathname of ["/old1//evil.example", "/old1/\\evil.example", "/old1/%2F%2Fevil.example"]) {
      const decision = decide("afterglow.events", pathname);
      expect(decision.kind).toBe("redirect");
      if (decision.kind === "redirect")
        expect(new URL(decision.location).origin).toBe("https://afterglow.events");
    }
  });

  it("maps paths, and refuses undecodable first segments", () => {
    const redirects = new Map([["a", "b"]]);
    expect(movedPath("/a", redirects)).toBe("/b");
    expect(movedPath("/a/", redirects)).toBe("/b/");
    expect(movedPath("/%61/x", redirects)).toBe("/b/x");
    expect(movedPath("/ab", redirects)).toBeNull();
    expect(movedPath("/%E0%A4%A", redirects)).toBeNull();
    expect(movedPath("/", redirects)).toBeNull();
  });
});
