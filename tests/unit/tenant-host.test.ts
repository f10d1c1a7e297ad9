import { describe, expect, it } from "vitest";
import { internalPath } from "@/lib/i18n/locale-path";
import { tenantSlugFromHost } from "@/lib/tenancy/host";

describe("tenantSlugFromHost", () => {
  it.each([
    ["demo.afterglow.events", "demo"],
    ["Demo.Afterglow.Events:443", "demo"],
    ["demo.localhost:3000", "demo"],
    ["other-stage.afterglow.co.uk", "other-stage"],
  ])("%s names tenant %s", (host, slug) => {
    expect(tenantSlugFromHost(host)).toBe(slug);
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
    "",
  ])("%s is not a tenant host", (host) => {
    expect(tenantSlugFromHost(host)).toBeNull();
  });

  it("accepts the configured preview domains", () => {
    expect(tenantSlugFromHost("pr-7.preview.example.com", ["preview.example.com"])).toBeNull();
    expect(tenantSlugFromHost("pr-7.preview.example.com", [])).toBe("pr-7");
  });
});

describe("internalPath", () => {
  it("prefixes the cookie's locale, Portuguese when missing or unknown", () => {
    expect(internalPath({ pathname: "/", localeCookie: undefined, tenantSlug: null })).toBe("/pt");
    expect(internalPath({ pathname: "/event/x", localeCookie: "fr", tenantSlug: null })).toBe("/fr/event/x");
    expect(internalPath({ pathname: "/auth", localeCookie: "de", tenantSlug: null })).toBe("/pt/auth");
  });

  it("serves a tenant subdomain from the tenant's path routes", () => {
    expect(internalPath({ pathname: "/", localeCookie: "en", tenantSlug: "demo" })).toBe("/en/demo");
    expect(internalPath({ pathname: "/evento/a", localeCookie: "en", tenantSlug: "demo" })).toBe(
      "/en/demo/evento/a",
    );
  });
});
