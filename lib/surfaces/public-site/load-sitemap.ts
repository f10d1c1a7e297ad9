import { db } from "@/lib/core/db";
import { tenantLinks } from "@/lib/platform/site/links";
import { listedContentWhere, listedEventWhere } from "@/lib/platform/site/visibility";

/**
 * The sitemap of a site as one list of URLs read in pages: the platform's own pages (the
 * app's host only), then each company's home, terms and privacy, then the viewable events,
 * then the viewable contents — each block in an order that never changes for a row (company,
 * then creation), so a page is found with one counted read per block it spans, never by reading
 * the pages before it. The app's host lists every company's pages under `/{slug}`; a tenant's
 * host its own, without the slug (`tenantLinks`).
 */
export type SitemapScope = { kind: "app" } | { kind: "tenant"; companyId: string };

/** A URL of the site, as a path on its origin, and when it last changed (ISO 8601) if known. */
export interface SitemapEntry {
  path: string;
  lastmod?: string;
}

/** How many URLs each block holds. */
export interface SitemapCounts {
  platform: number;
  /** Three URLs per company: home, terms, privacy. */
  companies: number;
  events: number;
  contents: number;
}

/**
 * URLs per sitemap page: far below the protocol's 50,000 (and 50 MB), so a page that is not
 * cached is one short read (about 200 KB of XML); a larger site gets a sitemap index.
 */
export const SITEMAP_PAGE_SIZE = 2000;

const PLATFORM_PATHS = ["/", "/privacy", "/terms", "/cookies"];
const PER_COMPANY = 3;

const companyWhere = (scope: SitemapScope) => (scope.kind === "tenant" ? { id: scope.companyId } : {});
const ownWhere = (scope: SitemapScope) => (scope.kind === "tenant" ? { companyId: scope.companyId } : {});
const linksOf = (scope: SitemapScope, companySlug: string) =>
  tenantLinks(scope.kind === "tenant" ? "host" : "global", companySlug);

export async function loadSitemapCounts(scope: SitemapScope): Promise<SitemapCounts> {
  const [companies, events, contents] = await Promise.all([
    db.company.count({ where: companyWhere(scope) }),
    db.event.count({ where: { ...listedEventWhere, ...ownWhere(scope) } }),
    db.content.count({ where: { ...listedContentWhere(), ...ownWhere(scope) } }),
  ]);
  return {
    platform: scope.kind === "app" ? PLATFORM_PATHS.length : 0,
    companies: companies * PER_COMPANY,
    events,
    contents,
  };
}

export function sitemapTotal(counts: SitemapCounts): number {
  return counts.platform + counts.companies + counts.events + counts.contents;
}

/** The URLs `[start, start + size)` of the list (fewer at its end). */
export async function loadSitemapEntries(
  scope: SitemapScope,
  counts: SitemapCounts,
  start: number,
  size: number,
): Promise<SitemapEntry[]> {
  const blocks: [number, (skip: number, take: number) => Promise<SitemapEntry[]>][] = [
    [
      counts.platform,
      async (skip, take) => PLATFORM_PATHS.slice(skip, skip + take).map((path) => ({ path })),
    ],
    [counts.companies, (skip, take) => companyEntries(scope, skip, take)],
    [counts.events, (skip, take) => eventEntries(scope, skip, take)],
    [counts.contents, (skip, take) => contentEntries(scope, skip, take)],
  ];
  const reads: Promise<SitemapEntry[]>[] = [];
  let blockStart = 0;
  const end = start + size;
  for (const [length, read] of blocks) {
    const from = Math.max(start, blockStart);
    const to = Math.min(end, blockStart + length);
    if (from < to) reads.push(read(from - blockStart, to - from));
    blockStart += length;
  }
  return (await Promise.all(reads)).flat();
}

async function companyEntries(scope: SitemapScope, skip: number, take: number): Promise<SitemapEntry[]> {
  const first = Math.floor(skip / PER_COMPANY);
  const companies = await db.company.findMany({
    where: companyWhere(scope),
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    skip: first,
    take: Math.ceil((skip + take) / PER_COMPANY) - first,
    select: { slug: true, updatedAt: true },
  });
  const entries = companies.flatMap((company) => {
    const links = linksOf(scope, company.slug);
    return [
      { path: links.home, lastmod: company.updatedAt.toISOString() },
      { path: links.terms },
      { path: links.privacy },
    ];
  });
  return entries.slice(skip - first * PER_COMPANY, skip - first * PER_COMPANY + take);
}

async function eventEntries(scope: SitemapScope, skip: number, take: number): Promise<SitemapEntry[]> {
  const events = await db.event.findMany({
    where: { ...listedEventWhere, ...ownWhere(scope) },
    orderBy: [{ companyId: "asc" }, { createdAt: "asc" }, { id: "asc" }],
    skip,
    take,
    select: { slug: true, updatedAt: true, company: { select: { slug: true } } },
  });
  return events.map((event) => ({
    path: linksOf(scope, event.company.slug).event(event.slug),
    lastmod: event.updatedAt.toISOString(),
  }));
}

async function contentEntries(scope: SitemapScope, skip: number, take: number): Promise<SitemapEntry[]> {
  const contents = await db.content.findMany({
    where: { ...listedContentWhere(), ...ownWhere(scope) },
    orderBy: [{ companyId: "asc" }, { createdAt: "asc" }, { id: "asc" }],
    skip,
    take,
    select: { id: true, updatedAt: true, company: { select: { slug: true } } },
  });
  return contents.map((content) => ({
    path: linksOf(scope, content.company.slug).player(content.id),
    lastmod: content.updatedAt.toISOString(),
  }));
}
