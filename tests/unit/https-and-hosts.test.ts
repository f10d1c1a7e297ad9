import { afterEach, describe, expect, it, vi } from "vitest";

/**
 * Issue #34, row 15: HSTS is sent only on HTTPS answers (the scheme as the server's preload
 * settled it) and by whose host it is; shared hosting domains are not the app's own hosts unless
 * the operator says so. The end-to-end proof behind a real Caddy is tests/e2e/reverse-proxy.spec.ts.
 */
afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

async function pageSecurityIn(nodeEnv: string) {
  vi.stubEnv("NODE_ENV", nodeEnv);
  vi.resetModules();
  const { createPageSecurity } = await import("@/lib/surfaces/public-site/security-headers");
  return createPageSecurity({ storageOrigins: [], analytics: false, development: false, https: false });
}

describe("HSTS", () => {
  it("the app's own domain: two years, subdomains, preload; a custom domain: that name, one year", async () => {
    const pageSecurity = await pageSecurityIn("production");
    const https = new Headers({ "x-forwarded-proto": "https" });
    expect(pageSecurity("/pt", https, "own").response["Strict-Transport-Security"]).toBe(
      "max-age=63072000; includeSubDomains; preload",
    );
    const custom = pageSecurity("/pt/~site/demo", https, "custom").response["Strict-Transport-Security"];
    expect(custom).toBe("max-age=31536000");
    expect(custom).not.toMatch(/includeSubDomains|preload/);
  });

  it("never on a plain HTTP answer, whatever APP_URL says, nor outside production", async () => {
    const pageSecurity = await pageSecurityIn("production");
    for (const headers of [new Headers(), new Headers({ "x-forwarded-proto": "http" })])
      expect(pageSecurity("/pt", headers, "own").response["Strict-Transport-Security"]).toBeUndefined();
    const development = await pageSecurityIn("development");
    const https = new Headers({ "x-forwarded-proto": "https" });
    expect(development("/pt", https, "own").response["Strict-Transport-Security"]).toBeUndefined();
  });
});

describe("preview domains", () => {
  async function hostKind(host: string, previewDomains?: string) {
    vi.stubEnv("APP_URL", "https://afterglow.example");
    if (previewDomains !== undefined) vi.stubEnv("PREVIEW_DOMAINS", previewDomains);
    vi.resetModules();
    const { tenantHostOptions } = await import("@/lib/platform/site/site");
    const { routeHost } = await import("@/lib/platform/site/host");
    return routeHost(host, tenantHostOptions()).kind;
  }

  it("vercel.app and netlify.app are nobody's by default: a 404 host, not the app", async () => {
    expect(await hostKind("my-branch.vercel.app")).toBe("unknown");
    expect(await hostKind("deploy-preview-1.netlify.app")).toBe("unknown");
  });

  it("a preview domain the operator names is the app", async () => {
    expect(await hostKind("pr-7.my-team.vercel.app", "my-team.vercel.app")).toBe("app");
    expect(await hostKind("other.vercel.app", "my-team.vercel.app")).toBe("unknown");
  });
});
