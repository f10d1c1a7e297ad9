import { RESERVED_SUBDOMAIN_LABELS } from "@/lib/tenancy/slug";

/** Hosting-preview domains whose third label is a deployment, not a tenant. */
export const defaultPreviewDomains = ["vercel.app", "netlify.app"];

const ipv4 = /^\d{1,3}(\.\d{1,3}){3}$/;
const label = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** `Host` header → bare lower-case host name (no port, no trailing dot). */
export function hostName(hostHeader: string): string {
  return hostHeader.trim().toLowerCase().replace(/:\d+$/, "").replace(/\.$/, "");
}

/**
 * The tenant slug a host names in subdomain mode, or null.
 * `demo.afterglow.events` → "demo"; `demo.localhost` → "demo" (development);
 * `www.afterglow.events`, `localhost`, IP addresses and preview domains → null.
 * With `rootDomain` (the app's own host), only `{slug}.{rootDomain}` names a tenant and the
 * root domain itself never does, whatever its number of labels (`afterglow.co.uk`).
 */
export function tenantSlugFromHost(
  hostHeader: string | null | undefined,
  previewDomains: readonly string[] = defaultPreviewDomains,
  rootDomain?: string,
): string | null {
  if (!hostHeader) return null;
  const host = hostName(hostHeader);
  if (host.startsWith("[") || ipv4.test(host)) return null;
  if (previewDomains.some((d) => host === d || host.endsWith(`.${d}`))) return null;

  const root = rootDomain ? hostName(rootDomain).replace(/^www\./, "") : undefined;
  if (root && root !== "localhost" && !ipv4.test(root)) {
    if (host === root || host === `www.${root}`) return null;
    if (host.endsWith(`.${root}`)) {
      const sub = host.slice(0, -root.length - 1);
      if (sub.includes(".") || !label.test(sub)) return null;
      return RESERVED_SUBDOMAIN_LABELS.has(sub) ? null : sub;
    }
  }

  const labels = host.split(".");
  const isLocalhost = labels[labels.length - 1] === "localhost";
  if (labels.length < (isLocalhost ? 2 : 3)) return null;

  const first = labels[0] ?? "";
  if (!label.test(first)) return null;
  return RESERVED_SUBDOMAIN_LABELS.has(first) ? null : first;
}
