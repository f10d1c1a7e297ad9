/**
 * Links between a tenant's public pages. The same page is served in three places, each with
 * its own URLs (spec §2):
 * - `global`: `/player/{id}` (no tenant in the path), but events as in `path` mode: event
 *   slugs are unique per company only, so an event link always carries the company (the
 *   company-less `/event/{slug}` only redirects for events made before that: lib/features/events/global-slug.ts);
 * - `path`: `/{clientSlug}/evento/{slug}`, `/{clientSlug}/player/{id}`;
 * - `host`: the tenant's own subdomain, `/evento/{slug}`, `/player/{id}`.
 * Plain strings only, so client components can receive them.
 */
export type SiteMode = "global" | "path" | "host";

export interface TenantLinks {
  mode: SiteMode;
  home: string;
  event: (eventSlug: string) => string;
  player: (contentId: string) => string;
  terms: string;
  privacy: string;
}

const seg = encodeURIComponent;

export function tenantLinks(mode: SiteMode, companySlug: string): TenantLinks {
  const base = mode === "host" ? "" : `/${seg(companySlug)}`;
  return {
    mode,
    home: base || "/",
    event: (eventSlug) => `${base}/evento/${seg(eventSlug)}`,
    player: (contentId) =>
      mode === "global" ? `/player/${seg(contentId)}` : `${base}/player/${seg(contentId)}`,
    terms: `${base}/termos`,
    privacy: `${base}/privacidade`,
  };
}
