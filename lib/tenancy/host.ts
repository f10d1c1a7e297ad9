/** Subdomain labels that never name a tenant (spec §2, Subdomain mode). */
export const reservedSubdomains = new Set(["www", "api", "admin", "cdn", "static", "assets", "app"]);

/** Hosting-preview domains whose third label is a deployment, not a tenant. */
export const defaultPreviewDomains = ["vercel.app", "netlify.app"];

const ipv4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/**
 * The tenant slug a host names in subdomain mode, or null.
 * `demo.afterglow.events` → "demo"; `demo.localhost` → "demo" (development);
 * `www.afterglow.events`, `localhost`, IP addresses and preview domains → null.
 */
export function tenantSlugFromHost(
  hostHeader: string | null | undefined,
  previewDomains: readonly string[] = defaultPreviewDomains,
): string | null {
  if (!hostHeader) return null;
  const host = hostHeader.trim().toLowerCase().replace(/:\d+$/, "").replace(/\.$/, "");
  if (host.startsWith("[") || ipv4.test(host)) return null;
  if (previewDomains.some((d) => host === d || host.endsWith(`.${d}`))) return null;

  const labels = host.split(".");
  const isLocalhost = labels[labels.length - 1] === "localhost";
  if (labels.length < (isLocalhost ? 2 : 3)) return null;

  const first = labels[0] ?? "";
  if (!/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(first)) return null;
  return reservedSubdomains.has(first) ? null : first;
}
