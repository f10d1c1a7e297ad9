import "server-only";
import { unstable_cache } from "next/cache";
import { cache } from "react";
import { db } from "@/lib/core/db";
import { cacheTags } from "@/lib/platform/site/cache-tags";
import { findCompanyId, loadCompany } from "@/lib/surfaces/public-site/load-company";
import { loadEventPage } from "@/lib/surfaces/public-site/load-event-page";
import { loadLanding } from "@/lib/surfaces/public-site/load-landing";
import { loadPlayerPage } from "@/lib/surfaces/public-site/load-player-page";
import {
  loadSitemapCounts,
  loadSitemapEntries,
  SITEMAP_PAGE_SIZE,
  type SitemapCounts,
  type SitemapEntry,
  type SitemapScope,
} from "@/lib/surfaces/public-site/load-sitemap";
import type {
  EventPageData,
  LandingData,
  PlayerPageData,
  PublicCompany,
} from "@/lib/surfaces/public-site/types";

/**
 * The public pages' data, cached and tagged. Pages are ISR pages (rendered once per
 * locale and path, then served from the cache); every tag of the data a render read is
 * attached to that page, so `revalidatePublic` (called by the admin side) refreshes exactly
 * the pages and images that showed what changed. The hour is only a safety net.
 *
 * Every read is tagged with its company: `revalidatePublic` always names the company, so
 * any change of a tenant refreshes all its pages even when the finer event/content tags
 * are not given. A slug resolves through an uncached primary-key lookup first, because the
 * tag (the company id) must be known before the cached read.
 */
export const PUBLIC_REVALIDATE_SECONDS = 3600;

function cached<T>(key: string[], tags: string[], load: () => Promise<T>): Promise<T> {
  return unstable_cache(load, ["public", ...key], { tags, revalidate: PUBLIC_REVALIDATE_SECONDS })();
}

/** Company by slug, or null (unknown slug → "company not found"). */
async function getCompanyBySlugUncached(slug: string): Promise<PublicCompany | null> {
  const id = await findCompanyId(slug);
  if (!id) return null;
  return getCompanyById(id);
}

export function getCompanyById(companyId: string): Promise<PublicCompany | null> {
  return cached(["company", companyId], [cacheTags.company(companyId)], () => loadCompany(companyId));
}

async function getLandingUncached(slug: string): Promise<LandingData | null> {
  const id = await findCompanyId(slug);
  if (!id) return null;
  return cached(["landing", id], [cacheTags.company(id)], () => loadLanding(id));
}

/** The company's event by its slug (event slugs are unique per company). */
async function getEventPageUncached(eventSlug: string, companySlug: string): Promise<EventPageData | null> {
  const ref = await db.event.findFirst({
    where: { slug: eventSlug.toLowerCase(), company: { slug: companySlug.toLowerCase() } },
    select: { id: true, companyId: true },
  });
  if (!ref) return null;
  return cached(["event", ref.id], [cacheTags.company(ref.companyId), cacheTags.event(ref.id)], () =>
    loadEventPage(eventSlug, ref.companyId),
  );
}

/** Content by id; with `companySlug`, only if it belongs to that company. */
async function getPlayerPageUncached(
  contentId: string,
  companySlug?: string,
): Promise<PlayerPageData | null> {
  const ref = await db.content.findUnique({
    where: { id: contentId },
    select: { companyId: true, company: { select: { slug: true } } },
  });
  if (!ref || (companySlug !== undefined && ref.company.slug !== companySlug.toLowerCase())) return null;
  return cached(["player", contentId], [cacheTags.company(ref.companyId), cacheTags.content(contentId)], () =>
    loadPlayerPage(contentId, ref.companyId),
  );
}

/**
 * The app host's sitemap lists every company's pages: more tags than one cache entry may carry,
 * so it is kept for ten minutes instead (a tenant's, by its company tag, changes at once).
 */
const APP_SITEMAP_SECONDS = 600;

function sitemapCached<T>(scope: SitemapScope, key: string[], load: () => Promise<T>): Promise<T> {
  if (scope.kind === "tenant") {
    return cached(["sitemap", scope.companyId, ...key], [cacheTags.company(scope.companyId)], load);
  }
  return unstable_cache(load, ["public", "sitemap", "app", ...key], { revalidate: APP_SITEMAP_SECONDS })();
}

/** How many URLs the site's sitemap holds, per block. */
export function getSitemapCounts(scope: SitemapScope): Promise<SitemapCounts> {
  return sitemapCached(scope, ["counts"], () => loadSitemapCounts(scope));
}

/**
 * Page `page` (from 1) of the site's sitemap, `SITEMAP_PAGE_SIZE` URLs at most, laid out by
 * `counts` (`getSitemapCounts`, read by the caller first).
 */
export function getSitemapPage(
  scope: SitemapScope,
  counts: SitemapCounts,
  page: number,
): Promise<SitemapEntry[]> {
  return sitemapCached(scope, ["page", String(page)], () =>
    loadSitemapEntries(scope, counts, (page - 1) * SITEMAP_PAGE_SIZE, SITEMAP_PAGE_SIZE),
  );
}

// One read per render: `generateMetadata` and the page ask for the same data.
export const getCompanyBySlug = cache(getCompanyBySlugUncached);
export const getLanding = cache(getLandingUncached);
export const getEventPage = cache(getEventPageUncached);
export const getPlayerPage = cache(getPlayerPageUncached);
