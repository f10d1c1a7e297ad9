import { describe, expect, it } from "vitest";
import { internalPath } from "@/lib/core/i18n/locale-path";
import { tenantSlugFromHost } from "@/lib/platform/site/host";
import { isReservedSlug } from "@/lib/platform/site/slug";

describe("tenantSlugFromHost", () => {
  const root = "afterglow.events";
  it.each([
    ["demo.afterglow.events", "demo"],
    ["Demo.Afterglow.Events:443", "demo"],
    ["demo.afterglow.events.", "demo"],
    ["other-stage.afterglow.events", "other-stage"],
  ])("%s names tenant %s", (host, slug) => {
    expect(tenantSlugFromHost(host, [], root)).toBe(slug);
  });

  it.each([
    "afterglow.events",
    "localhost:3000",
    "127.0.0.1:3000",
    "[::1]:3000",
    "www.afterglow.events",
    "api.afterglow.events",
    "admin.afterglow.events",
    "cdn.afterglow.events",
    "static.afterglow.events",
    "assets.afterglow.events",
    "app.afterglow.events",
    "my-branch.vercel.app",
    "deploy-preview-1.netlify.app",
    // Regression (#14): any host of three labels was routed by its first one.
    "demo.evil.com",
    "demo.afterglow.events.evil.com",
    "",
  ])("%s is not a tenant host", (host) => {
    expect(tenantSlugFromHost(host, ["vercel.app", "netlify.app"], root)).toBeNull();
  });

  it("with the app's own domain, only its direct subdomains are tenants", () => {
    expect(tenantSlugFromHost("afterglow.co.uk", [], "afterglow.co.uk")).toBeNull();
    expect(tenantSlugFromHost("www.afterglow.co.uk", [], "afterglow.co.uk")).toBeNull();
    expect(tenantSlugFromHost("demo.afterglow.co.uk", [], "afterglow.co.uk")).toBe("demo");
    expect(tenantSlugFromHost("a.b.afterglow.co.uk", [], "afterglow.co.uk")).toBeNull();
    expect(tenantSlugFromHost("admin.afterglow.co.uk", [], "afterglow.co.uk")).toBeNull();
    // localhost stays the development rule.
    expect(tenantSlugFromHost("demo.localhost:3000", [], "localhost")).toBe("demo");
    expect(tenantSlugFromHost("localhost:3000", [], "localhost")).toBeNull();
    expect(tenantSlugFromHost("demo.localhost:3000", [], "afterglow.events")).toBeNull();
  });

  it("reserves the app's own first path segments", () => {
    for (const slug of ["auth", "admin", "event", "api", "player", "privacy", "terms", "cookies", "~site"]) {
      expect(isReservedSlug(slug)).toBe(true);
    }
    expect(isReservedSlug("demo")).toBe(false);
  });

  it("accepts the configured preview domains", () => {
    expect(tenantSlugFromHost("pr-7.preview.example.com", ["preview.example.com"], root)).toBeNull();
    expect(tenantSlugFromHost("pr-7.preview.example.com", [], "preview.example.com")).toBe("pr-7");
  });
});

describe("internalPath", () => {
  it("prefixes the cookie's locale, Portuguese when missing or unknown", () => {
    expect(internalPath({ pathname: "/", localeCookie: undefined, tenantSlug: null })).toBe("/pt");
    expect(internalPath({ pathname: "/event/x", localeCookie: "fr", tenantSlug: null })).toBe("/fr/event/x");
    expect(internalPath({ pathname: "/auth", localeCookie: "de", tenantSlug: null })).toBe("/pt/auth");
  });

  it("serves a tenant subdomain from the tenant-host tree", () => {
    expect(internalPath({ pathname: "/", localeCookie: "en", tenantSlug: "demo" })).toBe("/en/~site/demo");
    expect(internalPath({ pathname: "/evento/a", localeCookie: "en", tenantSlug: "demo" })).toBe(
      "/en/~site/demo/evento/a",
    );
  });

  it("serves a single segment as a client slug and keeps the tenant-host tree internal", () => {
    expect(internalPath({ pathname: "/demo", localeCookie: undefined, tenantSlug: null })).toBe("/pt/demo");
    expect(internalPath({ pathname: "/~site/demo", localeCookie: "en", tenantSlug: null })).toBe(
      "/en/_/~site/demo",
    );
    expect(internalPath({ pathname: "/~site", localeCookie: "en", tenantSlug: null })).toBe("/en/_/~site");
    expect(internalPath({ pathname: "/%7Esite/demo", localeCookie: "en", tenantSlug: null })).toBe(
      "/en/_/%7Esite/demo",
    );
  });
});
