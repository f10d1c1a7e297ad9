import { beforeEach, describe, expect, it, vi } from "vitest";
import { GET as robots } from "@/app/robots.txt/route";
import { GET as sitemap } from "@/app/sitemap.xml/route";

/**
 * Issue #12, hole 10: `sitemap.xml` and `robots.txt` built their URLs from the request's
 * Host header for any host whose first label is a tenant slug, and are cached publicly.
 * Here APP_URL is unset, so the configured origin is http://localhost:3000.
 */
vi.mock("@/lib/surfaces/public-site/queries", () => ({
  getCompanyBySlug: vi.fn((slug: string) =>
    Promise.resolve(slug === "demo" ? { id: "co-demo", slug: "demo" } : null),
  ),
  getSitemapCounts: vi.fn(() => Promise.resolve({ platform: 0, companies: 3, events: 1, contents: 0 })),
  // The loader's paths: the app's host lists the platform's pages, then each company's under its slug.
  getSitemapPage: vi.fn((scope: { kind: string }) =>
    Promise.resolve(
      scope.kind === "app"
        ? [{ path: "/" }, { path: "/demo", lastmod: "2026-11-01" }, { path: "/demo/evento/night" }]
        : [
            { path: "/", lastmod: "2026-11-01" },
            { path: "/evento/night", lastmod: "2026-11-02" },
          ],
    ),
  ),
}));

// Active custom domains come from the proxy's routing table (the database's, integration-tested).
vi.mock("@/lib/platform/tenancy/routing-table", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/platform/tenancy/routing-table")>()),
  routingTable: () => ({
    current: async () => ({ domains: new Map([["shop.example", "demo"]]), redirects: new Map() }),
  }),
}));

const get = async (handler: (request: Request) => Promise<Response>, path: string, host: string) => {
  const response = await handler(new Request(`http://ignored${path}`, { headers: { host } }));
  return { status: response.status, text: await response.text() };
};

describe("robots.txt and sitemap.xml URLs come from configuration", () => {
  beforeEach(() => vi.clearAllMocks());

  for (const host of ["demo.localhost:4000", "DEMO.localhost:3000", "demo.localhost.:8443"]) {
    it(`prints the tenant's configured origin, not the Host ${host}`, async () => {
      const robotsFile = await get(robots, "/robots.txt", host);
      expect(robotsFile.status).toBe(200);
      expect(robotsFile.text).toContain("Sitemap: http://demo.localhost:3000/sitemap.xml");
      const map = await get(sitemap, "/sitemap.xml", host);
      expect(map.status).toBe(200);
      expect(map.text).toContain("<loc>http://demo.localhost:3000/</loc>");
      for (const text of [robotsFile.text, map.text]) {
        expect(text).not.toContain("evil");
        expect(text).not.toContain(":4000");
        expect(text).not.toContain(":8443");
        expect(text).not.toContain("DEMO");
      }
    });
  }

  it("prints the app's configured origin on its own host, whatever the port sent", async () => {
    const robotsFile = await get(robots, "/robots.txt", "localhost:9999");
    expect(robotsFile.text).toContain("Sitemap: http://localhost:3000/sitemap.xml");
    const map = await get(sitemap, "/sitemap.xml", "localhost:9999");
    expect(map.text).toContain("<loc>http://localhost:3000/</loc>");
    expect(map.text).not.toContain("9999");
  });

  it("answers 404 for a host that names no site", async () => {
    expect((await get(robots, "/robots.txt", "unknown.evil.example")).status).toBe(404);
    expect((await get(sitemap, "/sitemap.xml", "evil.example")).status).toBe(404);
    // #14: a foreign host is not read by its first label.
    expect((await get(robots, "/robots.txt", "demo.evil.example")).status).toBe(404);
    expect((await get(sitemap, "/sitemap.xml", "demo.evil.example:8443")).status).toBe(404);
  });

  it("prints an active custom domain as itself", async () => {
    const robotsFile = await get(robots, "/robots.txt", "Shop.Example:443");
    expect(robotsFile.text).toContain("Sitemap: http://shop.example/sitemap.xml");
    const map = await get(sitemap, "/sitemap.xml", "shop.example");
    expect(map.text).toContain("<loc>http://shop.example/</loc>");
    expect(map.text).toContain("<loc>http://shop.example/evento/night</loc>");
  });
});
