import { env } from "@/lib/core/env";
import type { CloudflareConfig } from "@/lib/features/domains/cloudflare";
import { tenantHostOptions } from "@/lib/platform/site/site";

/**
 * Everything the domain checks read from the deployment, in one seam: the app's host, the DNS
 * servers, the DNS provider. Tests pass overrides (a local DNS server, a local Cloudflare).
 */
export interface DomainSettings {
  /** The app's host (APP_URL's): the CNAME target and the root of tenant subdomains. */
  appHost: string;
  previewDomains: string[];
  /** APP_PUBLIC_IPV4: the A record of an apex custom domain; null when not configured. */
  publicIpv4: string | null;
  resolvers: string[];
  /** null: no DNS provider, wildcard DNS is assumed and only resolution is checked. */
  cloudflare: CloudflareConfig | null;
}

export function domainSettings(overrides: Partial<DomainSettings> = {}): DomainSettings {
  const { rootDomain, previewDomains } = tenantHostOptions();
  const cloudflare =
    env.CLOUDFLARE_API_TOKEN && env.CLOUDFLARE_ZONE_ID
      ? {
          apiUrl: env.CLOUDFLARE_API_URL,
          token: env.CLOUDFLARE_API_TOKEN,
          zoneId: env.CLOUDFLARE_ZONE_ID,
          proxied: env.CLOUDFLARE_PROXIED,
        }
      : null;
  return {
    appHost: rootDomain,
    previewDomains,
    publicIpv4: env.APP_PUBLIC_IPV4 ?? null,
    resolvers: env.DNS_RESOLVERS,
    cloudflare,
    ...overrides,
  };
}
