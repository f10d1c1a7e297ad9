import { db } from "@/lib/core/db";
import { viewableContentWhere, viewableEventWhere } from "@/lib/platform/site/visibility";

export interface SitemapCompany {
  slug: string;
  updatedAt: string;
  events: { slug: string; updatedAt: string }[];
  contents: { id: string; updatedAt: string }[];
}

const SITEMAP_LIMIT = 5000;

/** Viewable pages of one company, or of every company when `companyId` is omitted. */
export async function loadSitemap(companyId?: string): Promise<SitemapCompany[]> {
  const companies = await db.company.findMany({
    where: companyId ? { id: companyId } : undefined,
    orderBy: { createdAt: "asc" },
    take: SITEMAP_LIMIT,
    select: {
      slug: true,
      updatedAt: true,
      events: {
        where: viewableEventWhere,
        orderBy: { startsAt: "desc" },
        take: SITEMAP_LIMIT,
        select: { slug: true, updatedAt: true },
      },
      contents: {
        where: viewableContentWhere,
        orderBy: { publishedAt: "desc" },
        take: SITEMAP_LIMIT,
        select: { id: true, updatedAt: true },
      },
    },
  });
  return companies.map((c) => ({
    slug: c.slug,
    updatedAt: c.updatedAt.toISOString(),
    events: c.events.map((e) => ({ slug: e.slug, updatedAt: e.updatedAt.toISOString() })),
    contents: c.contents.map((x) => ({ id: x.id, updatedAt: x.updatedAt.toISOString() })),
  }));
}
