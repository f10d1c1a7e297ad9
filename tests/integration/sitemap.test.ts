/**
 * Issue #34, row 12: `/sitemap.xml` was an uncached full scan (a tenant of 5,000 items: 531 KB
 * per answer, 27 answers a second, `/api/health` five times slower meanwhile). Now it is paged
 * (a sitemap index past `SITEMAP_PAGE_SIZE` URLs, the pages at `/sitemap.xml?page=N`) and
 * cached like the public pages: a tenant's by its company tag (an admin change refreshes it),
 * the app host's for ten minutes. Asked through the route file, with Next.js's own data cache
 * (the `IncrementalCache` a Next server gives `unstable_cache`) and the admin side's
 * `revalidatePublic` expiring its tags there.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { IncrementalCache } from "next/dist/server/lib/incremental-cache";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";

// As a Next server does at start (node-environment-baseline), before any of its modules load.
await vi.hoisted(async () => {
  const { AsyncLocalStorage } = await import("node:async_hooks");
  (globalThis as { AsyncLocalStorage?: unknown }).AsyncLocalStorage ??= AsyncLocalStorage;
});

import { GET as sitemap } from "@/app/sitemap.xml/route";
import { db } from "@/lib/core/db";
import { revalidatePublic } from "@/lib/platform/site/cache-tags";
import { SITEMAP_PAGE_SIZE } from "@/lib/surfaces/public-site/load-sitemap";
import { revalidateTag } from "./support/next-mocks";
import { createContentRow, createEventRow, createTenant, type Tenant } from "./support/tenants";

const EVENTS = SITEMAP_PAGE_SIZE + 100;
let big: Tenant;
let small: Tenant;
let cache: IncrementalCache;
let cacheFolder: string;

beforeAll(async () => {
  // What a Next server gives `unstable_cache` outside a render: its data cache, on disk.
  cache = new IncrementalCache({
    fs: {
      existsSync: fs.existsSync,
      readFile: fs.promises.readFile,
      readFileSync: fs.readFileSync,
      writeFile: (file, data) => fs.promises.writeFile(file, data),
      mkdir: (dir) => fs.promises.mkdir(dir, { recursive: true }),
      stat: (file) => fs.promises.stat(file),
    },
    dev: false,
    flushToDisk: true,
    // The data cache is kept beside it (`../cache/fetch-cache`): inside this file's own folder.
    serverDistDir: path.join(
      (cacheFolder = await mkdtemp(path.join(os.tmpdir(), "afterglow-sitemap-"))),
      "server",
    ),
    requestHeaders: {},
    maxMemoryCacheSize: 50 * 1024 * 1024,
    previewProps: { previewModeId: "test", previewModeSigningKey: "test", previewModeEncryptionKey: "test" },
    prerenderManifest: {
      version: 4,
      routes: {},
      dynamicRoutes: {},
      notFoundRoutes: [],
      preview: { previewModeId: "test", previewModeSigningKey: "test", previewModeEncryptionKey: "test" },
    },
  });
  (globalThis as { __incrementalCache?: IncrementalCache }).__incrementalCache = cache;
  // `revalidatePublic` expires its tags in that cache, as Next's `revalidateTag` does in a request.
  revalidateTag.mockImplementation((tag: string, profile?: { expire?: number }) =>
    cache.revalidateTag(tag, profile),
  );

  [big, small] = await Promise.all([createTenant(db), createTenant(db)]);
  await db.event.createMany({
    data: Array.from({ length: EVENTS + 10 }, (_, i) => ({
      companyId: big.id,
      name: `Night ${i}`,
      slug: `night-${i}`,
      startsAt: new Date("2026-07-18T19:00:00Z"),
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
      // Five drafts and five private events among them: never listed.
      status: i < 5 ? ("draft" as const) : ("published" as const),
      isPublic: i < 5 || i >= 10,
    })),
  });
  const shown = await createEventRow(db, big.id, "Stage");
  await createContentRow(db, big.id, { status: "published", eventIds: [shown.id] });
  await createContentRow(db, big.id, { status: "draft" });
  await createEventRow(db, small.id, "Only");
});
afterAll(async () => {
  delete (globalThis as { __incrementalCache?: IncrementalCache }).__incrementalCache;
  await rm(cacheFolder, { recursive: true, force: true });
  await db.$disconnect();
});
afterEach(() => vi.useRealTimers());

const get = async (host: string, query = "") => {
  const response = await sitemap(new Request(`http://${host}/sitemap.xml${query}`, { headers: { host } }));
  return { status: response.status, text: await response.text(), type: response.headers.get("content-type") };
};
const tenantHost = (tenant: Tenant) => `${tenant.slug}.localhost:3000`;

/** The `<loc>`s of a `urlset` (checked to be exactly the shape we write: one well-formed `<url>` a line). */
function urlsOf(xml: string): string[] {
  expect(xml).toMatch(
    /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">\n(?: {2}<url><loc>[^<>&"']+<\/loc>(?:<lastmod>\d{4}-\d\d-\d\dT[\d:.]+Z<\/lastmod>)?<\/url>\n)*<\/urlset>\n$/,
  );
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
}

/** The pages a sitemap index lists (its exact shape checked too). */
function pagesOf(xml: string): string[] {
  expect(xml).toMatch(
    /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">\n(?: {2}<sitemap><loc>[^<>&"']+<\/loc><\/sitemap>\n)+<\/sitemapindex>\n$/,
  );
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
}

describe("a tenant's sitemap", () => {
  it("past one page is an index of pages, each at most a page of its viewable URLs", async () => {
    const origin = `http://${big.slug}.localhost:3000`;
    const index = await get(tenantHost(big));
    expect(index.status).toBe(200);
    expect(index.type).toBe("application/xml; charset=utf-8");
    const pages = pagesOf(index.text);
    expect(pages).toEqual([`${origin}/sitemap.xml?page=1`, `${origin}/sitemap.xml?page=2`]);

    const urls: string[] = [];
    for (const page of pages) {
      const answer = await get(tenantHost(big), new URL(page).search);
      expect(answer.status).toBe(200);
      const listed = urlsOf(answer.text);
      expect(listed.length).toBeLessThanOrEqual(SITEMAP_PAGE_SIZE);
      urls.push(...listed);
    }
    // Home, terms, privacy, the viewable events (and "Stage") and the one viewable content: each once.
    expect(urls.length).toBe(3 + EVENTS + 1 + 1);
    expect(new Set(urls).size).toBe(urls.length);
    expect(urls.slice(0, 3)).toEqual([`${origin}/`, `${origin}/termos`, `${origin}/privacidade`]);
    expect(urls).toContain(`${origin}/evento/night-10`);
    expect(urls).not.toContain(`${origin}/evento/night-0`);
    expect(urls).not.toContain(`${origin}/evento/night-9`);
    expect(urls.filter((u) => u.includes("/player/"))).toHaveLength(1);
  });

  it("answers 404 for a page it does not have, or a page that is not a number", async () => {
    for (const query of ["?page=3", "?page=0", "?page=-1", "?page=1.5", "?page=abc", "?page=01", "?page="]) {
      expect((await get(tenantHost(big), query)).status, query).toBe(404);
    }
  });

  it("of one page is that page, at /sitemap.xml and at ?page=1", async () => {
    const direct = await get(tenantHost(small));
    expect(urlsOf(direct.text)).toHaveLength(4);
    expect((await get(tenantHost(small), "?page=1")).text).toBe(direct.text);
    expect((await get(tenantHost(small), "?page=2")).status).toBe(404);
  });

  it("is served from the cache until an admin change expires the company's tag", async () => {
    const before = await get(tenantHost(big), "?page=2");
    // Written behind the admin side's back: nothing expired, so nothing is read again.
    const late = await db.event.create({
      data: {
        companyId: big.id,
        name: "Late",
        slug: `late-${randomBytes(3).toString("hex")}`,
        startsAt: new Date(),
        status: "published",
      },
    });
    const cached = await get(tenantHost(big), "?page=2");
    expect(cached.text).toBe(before.text);
    expect(cached.text).not.toContain(`/evento/${late.slug}`);
    // What every admin mutation of the company calls.
    revalidatePublic({ companyId: big.id, eventIds: [late.id] });
    await vi.waitFor(async () =>
      expect((await get(tenantHost(big), "?page=2")).text).toContain(`/evento/${late.slug}<`),
    );
    const index = pagesOf((await get(tenantHost(big))).text);
    expect(index).toHaveLength(2);
  });
});

describe("the app host's sitemap", () => {
  it("lists every company's pages under its slug, in pages, and keeps them for ten minutes", async () => {
    const pages = pagesOf((await get("localhost:3000")).text);
    expect(pages[0]).toBe("http://localhost:3000/sitemap.xml?page=1");
    const urls: string[] = [];
    for (const page of pages) urls.push(...urlsOf((await get("localhost:3000", new URL(page).search)).text));
    expect(urls.slice(0, 4)).toEqual([
      "http://localhost:3000/",
      "http://localhost:3000/privacy",
      "http://localhost:3000/terms",
      "http://localhost:3000/cookies",
    ]);
    expect(urls).toContain(`http://localhost:3000/${small.slug}/evento/${await onlyEventSlug(small)}`);
    expect(urls).toContain(`http://localhost:3000/${big.slug}/evento/night-10`);
    expect(new Set(urls).size).toBe(urls.length);

    const first = await get("localhost:3000", "?page=1");
    await db.company.update({ where: { id: small.id }, data: { name: "Renamed" } });
    const company = await createTenant(db);
    expect((await get("localhost:3000", "?page=1")).text).toBe(first.text);
    vi.useFakeTimers({ toFake: ["Date", "performance"], now: Date.now() + 601_000 });
    await vi.waitFor(async () =>
      expect((await get("localhost:3000", "?page=1")).text).toContain(`/${company.slug}<`),
    );
  });
});

async function onlyEventSlug(tenant: Tenant): Promise<string> {
  return (await db.event.findFirstOrThrow({ where: { companyId: tenant.id }, select: { slug: true } })).slug;
}
