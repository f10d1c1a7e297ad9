import { RESERVED_SUBDOMAIN_LABELS } from "@/lib/platform/site/slug";

const ipv4 = /^\d{1,3}(\.\d{1,3}){3}$/;
const label = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
/** A DNS name as it may appear in a Host header (after `hostName`), at most 253 characters. */
const dnsName =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** `Host` header → bare lower-case host name (no port, no trailing dot). */
export function hostName(hostHeader: string): string {
  return hostHeader.trim().toLowerCase().replace(/:\d+$/, "").replace(/\.$/, "");
}

export interface HostOptions {
  /** The app's own host (APP_URL's hostname); `www.` and the bare name are the same site. */
  rootDomain: string;
  previewDomains: readonly string[];
  /** Active custom domains → company slug (the routing table). */
  domains?: ReadonlyMap<string, string>;
  /** `{label}.localhost` names a tenant (development; always when the app itself is on localhost). */
  localhostTenants?: boolean;
}

/**
 * What a request's host is:
 * - `app`: the app itself — its own host and `www.`, `localhost`, IP addresses, preview
 *   deployments, and reserved labels of the root (`api.`, `admin.` … never name a tenant);
 * - `tenant`: a company's site — `{slug}.{root}` (`via: "subdomain"`; the slug may be a
 *   released one, which the caller redirects) or an active custom domain (`via: "custom"`);
 * - `unknown`: anything else. Only the root domain's own labels are read as slugs: a host
 *   pointed at the app from elsewhere (`demo.evil.example`) is never another tenant's site.
 */
export type HostRoute =
  { kind: "app" } | { kind: "tenant"; slug: string; via: "subdomain" | "custom" } | { kind: "unknown" };

export function routeHost(hostHeader: string | null | undefined, options: HostOptions): HostRoute {
  // HTTP/1.1 requires a Host; without one there is nothing to route by but the app.
  if (!hostHeader) return { kind: "app" };
  const host = hostName(hostHeader);
  if (host === "localhost" || /^\[[0-9a-f:.]+\]$/.test(host) || ipv4.test(host)) return { kind: "app" };
  if (!dnsName.test(host)) return { kind: "unknown" };
  if (options.previewDomains.some((d) => host === d || host.endsWith(`.${d}`))) return { kind: "app" };

  const root = hostName(options.rootDomain).replace(/^www\./, "");
  if (host === root || host === `www.${root}`) return { kind: "app" };

  const custom = options.domains?.get(host);
  if (custom) return { kind: "tenant", slug: custom, via: "custom" };

  const parent = root === "localhost" || options.localhostTenants ? ["localhost", root] : [root];
  for (const base of parent) {
    // An app on a bare IP address has no subdomains.
    if (ipv4.test(base) || !host.endsWith(`.${base}`)) continue;
    const sub = host.slice(0, -base.length - 1);
    if (sub.includes(".") || !label.test(sub)) return { kind: "unknown" };
    return RESERVED_SUBDOMAIN_LABELS.has(sub)
      ? { kind: "app" }
      : { kind: "tenant", slug: sub, via: "subdomain" };
  }
  return { kind: "unknown" };
}

/**
 * The tenant slug a host names as a subdomain of the app's own domain, or null
 * (`demo.afterglow.events` → "demo"; custom domains and every other host → null).
 */
export function tenantSlugFromHost(
  hostHeader: string | null | undefined,
  previewDomains: readonly string[],
  rootDomain: string,
): string | null {
  const route = routeHost(hostHeader, { rootDomain, previewDomains });
  return route.kind === "tenant" ? route.slug : null;
}
