import { hostName, routeHost, type HostOptions } from "@/lib/platform/site/host";
import type { RoutingSnapshot } from "@/lib/platform/tenancy/routing-table";

/**
 * Where `proxy.ts` sends a page request, decided from the host, the path and the routing
 * table alone (pure: unit-tested case by case):
 * - `app`: the app's own pages, path mode (`/{slug}/evento/x` included);
 * - `tenant`: the company's site tree (`~site/{slug}`), for its subdomain or custom domain (`via`);
 * - `redirect`: a released slug, permanently, to the same path under the current slug —
 *   `/{old}/…` → `/{new}/…` on the app's host, `{old}.{root}/…` → `{new}.{root}/…`; the
 *   table maps every old slug straight to the current one, so a chain is one hop; and,
 *   `temporary`, a custom domain the company's plan no longer includes, to the same path on
 *   its subdomain (or under its slug on the app's host), so nothing printed with it breaks;
 * - `not-found`: a host that is not ours.
 * Locations are built from configuration (APP_URL), never from the request's Host.
 */
export type RouteDecision =
  | { kind: "app" }
  | { kind: "tenant"; slug: string; via: "subdomain" | "custom" }
  | { kind: "redirect"; location: string; temporary?: true }
  | { kind: "not-found" };

export interface RouteSite extends Omit<HostOptions, "domains"> {
  /** The app's origin (`https://afterglow.events`). */
  appOrigin: string;
  /** A tenant's own origin (`https://demo.afterglow.events`). */
  tenantOrigin: (slug: string) => string;
}

export function decideRoute(
  request: { host: string | null; pathname: string; search: string },
  routing: RoutingSnapshot,
  site: RouteSite,
): RouteDecision {
  const lapsed = request.host ? routing.lapsed?.get(hostName(request.host)) : undefined;
  if (lapsed) {
    // Short links (`/s/{code}`) answer on every host as they are; pages go under the slug.
    const appPath = request.pathname.startsWith("/s/")
      ? request.pathname
      : `/${lapsed.slug}${request.pathname === "/" ? "" : request.pathname}`;
    const location = lapsed.subdomain
      ? `${site.tenantOrigin(lapsed.slug)}${request.pathname}`
      : `${site.appOrigin}${appPath}`;
    return { kind: "redirect", location: `${location}${request.search}`, temporary: true };
  }
  const host = routeHost(request.host, { ...site, domains: routing.domains });
  if (host.kind === "unknown") return { kind: "not-found" };
  if (host.kind === "tenant") {
    const current = host.via === "subdomain" ? routing.redirects.get(host.slug) : undefined;
    if (current) {
      return {
        kind: "redirect",
        location: `${site.tenantOrigin(current)}${request.pathname}${request.search}`,
      };
    }
    return { kind: "tenant", slug: host.slug, via: host.via };
  }
  const moved = movedPath(request.pathname, routing.redirects);
  if (moved) return { kind: "redirect", location: `${site.appOrigin}${moved}${request.search}` };
  return { kind: "app" };
}

/**
 * The same path under the current slug when its first segment is a released slug
 * (`/old/evento/x` → `/new/evento/x`, `/Old` → `/new`), or null.
 */
export function movedPath(pathname: string, redirects: ReadonlyMap<string, string>): string | null {
  if (redirects.size === 0) return null;
  const match = /^\/([^/]+)(\/.*)?$/.exec(pathname);
  if (!match) return null;
  let first: string;
  try {
    first = decodeURIComponent(match[1]!).toLowerCase();
  } catch {
    return null;
  }
  const current = redirects.get(first);
  return current ? `/${current}${match[2] ?? ""}` : null;
}
