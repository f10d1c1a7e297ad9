import "server-only";
import { appUrl } from "@/lib/core/env";
import {
  SITEMAP_PAGE_SIZE,
  sitemapTotal,
  type SitemapEntry,
  type SitemapScope,
} from "@/lib/surfaces/public-site/load-sitemap";
import { getCompanyBySlug, getSitemapCounts, getSitemapPage } from "@/lib/surfaces/public-site/queries";
import { appOrigin, tenantHostOptions, tenantOrigin } from "@/lib/platform/site/site";
import { hostName, tenantSlugFromHost } from "@/lib/platform/site/host";
import { EMPTY_ROUTING, routingTable } from "@/lib/platform/tenancy/routing-table";

export type SiteHost =
  { kind: "app"; origin: string } | { kind: "tenant"; origin: string; companyId: string; slug: string };

/**
 * Which site a request's `Host` names: the app's own host, a tenant's subdomain (of a
 * company that exists) or active custom domain (the routing table's), or null. The Host header only chooses the site; the URLs printed
 * come from configuration (APP_URL), never from the header, because the answers are cached
 * publicly and a forged Host (`demo.evil.example`) must not end up in them.
 */
export async function siteForHost(hostHeader: string | null): Promise<SiteHost | null> {
  if (!hostHeader) return null;
  const app = new URL(appUrl);
  const host = hostName(hostHeader);
  if (host === app.hostname || host === `www.${app.hostname}`) return { kind: "app", origin: appOrigin() };
  const { previewDomains, rootDomain } = tenantHostOptions();
  const routing = await routingTable()
    .current()
    .catch(() => EMPTY_ROUTING);
  // A custom domain is printed as the host it is: the table only holds active ones.
  const customSlug = routing.domains.get(host);
  const slug = customSlug ?? tenantSlugFromHost(host, previewDomains, rootDomain);
  if (!slug) return null;
  const company = await getCompanyBySlug(slug);
  if (!company) return null;
  const origin = customSlug ? `${app.protocol}//${host}` : tenantOrigin(company.slug);
  return { kind: "tenant", origin, companyId: company.id, slug: company.slug };
}

const escapeXml = (s: string) =>
  s.replace(
    /[<>&'"]/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!,
  );

/** The protocol's most sitemaps in one index. */
const MAX_SITEMAPS = 50_000;

/**
 * `/sitemap.xml` (`page` null) and its pages (`/sitemap.xml?page=N`), or null for a page the
 * site does not have (404). A site of at most `SITEMAP_PAGE_SIZE` URLs is one `urlset` at
 * `/sitemap.xml`; a larger one gets a sitemap index there, listing its pages. Both the counts
 * and each page are cached (lib/surfaces/public-site/queries.ts): a crawler, or anyone, asking
 * again costs no scan (issue #34, row 12).
 */
export async function sitemapXml(site: SiteHost, page: number | null): Promise<string | null> {
  const scope: SitemapScope =
    site.kind === "tenant" ? { kind: "tenant", companyId: site.companyId } : { kind: "app" };
  const counts = await getSitemapCounts(scope);
  const pages = Math.min(MAX_SITEMAPS, Math.max(1, Math.ceil(sitemapTotal(counts) / SITEMAP_PAGE_SIZE)));
  if (page === null && pages > 1) return sitemapIndexXml(site, pages);
  if ((page ?? 1) > pages) return null;
  return urlsetXml(site, await getSitemapPage(scope, counts, page ?? 1));
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9";

function urlsetXml(site: SiteHost, entries: SitemapEntry[]): string {
  const body = entries
    .map(
      (e) =>
        `  <url><loc>${escapeXml(site.origin + e.path)}</loc>${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ""}</url>`,
    )
    .join("\n");
  return `${XML_HEAD}<urlset xmlns="${SITEMAP_NS}">\n${body}\n</urlset>\n`;
}

function sitemapIndexXml(site: SiteHost, pages: number): string {
  const body = Array.from(
    { length: pages },
    (_, i) => `  <sitemap><loc>${escapeXml(`${site.origin}/sitemap.xml?page=${i + 1}`)}</loc></sitemap>`,
  ).join("\n");
  return `${XML_HEAD}<sitemapindex xmlns="${SITEMAP_NS}">\n${body}\n</sitemapindex>\n`;
}

export function robotsTxt(site: SiteHost): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Allow: /api/og/",
    "Allow: /api/media/",
    "Disallow: /api/",
    "Disallow: /admin",
    "Disallow: /auth",
    "",
    `Sitemap: ${site.origin}/sitemap.xml`,
    "",
  ].join("\n");
}
