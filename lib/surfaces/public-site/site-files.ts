import "server-only";
import { appUrl } from "@/lib/core/env";
import { tenantLinks } from "@/lib/platform/site/links";
import { getCompanyBySlug, getSitemap } from "@/lib/surfaces/public-site/queries";
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

export async function sitemapXml(site: SiteHost): Promise<string> {
  const entries: { loc: string; lastmod?: string }[] = [];
  const add = (path: string, lastmod?: string) => entries.push({ loc: site.origin + path, lastmod });
  if (site.kind === "app") {
    for (const path of ["/", "/privacy", "/terms", "/cookies"]) add(path);
  }
  const companies = await getSitemap(site.kind === "tenant" ? site.companyId : undefined);
  for (const company of companies) {
    const links = tenantLinks(site.kind === "tenant" ? "host" : "global", company.slug);
    add(links.home, company.updatedAt);
    for (const event of company.events) add(links.event(event.slug), event.updatedAt);
    for (const content of company.contents) add(links.player(content.id), content.updatedAt);
    add(links.terms);
    add(links.privacy);
  }
  const body = entries
    .map(
      (e) =>
        `  <url><loc>${escapeXml(e.loc)}</loc>${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ""}</url>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
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
