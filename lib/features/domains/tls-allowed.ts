import "server-only";
import { z } from "zod";
import { db } from "@/lib/core/db";
import { tenantHostOptions } from "@/lib/platform/site/site";
import { routeHost } from "@/lib/platform/site/host";
import { routesCustomDomain } from "@/lib/platform/tenancy/routing-table";

/** A bare host name as Caddy sends it: no port, no path, at most 253 characters. */
const domainSchema = z
  .string()
  .max(253)
  .transform((v) => v.toLowerCase().replace(/\.$/, ""))
  .pipe(
    z.string().regex(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/),
  );

/**
 * Whether a certificate may be issued for `domain` (Caddy's on-demand TLS `ask`): the app's
 * own host and `www.`, `{slug}.{root}` of an existing company or of a slug still held after a
 * change (its redirect must be served over TLS too), and active custom domains. Anything else
 * — unknown names, pending or removed domains, IP addresses, malformed input — is refused,
 * so nobody can make the server request certificates for names it does not serve.
 * Indexed reads only (`company.slug`, `domain.hostname`, `slug_redirect.slug` are unique).
 */
export async function tlsAllowed(domain: string | null): Promise<boolean> {
  const parsed = domainSchema.safeParse(domain);
  if (!parsed.success) return false;
  const host = parsed.data;
  const options = tenantHostOptions();
  const root = options.rootDomain.toLowerCase().replace(/^www\./, "");
  if (host === root || host === `www.${root}`) return true;

  // Subdomains of the app's own domain only (no preview, localhost or IP rules here).
  const route = routeHost(host, { rootDomain: root, previewDomains: [] });
  if (route.kind === "tenant" && host.endsWith(`.${root}`)) {
    const slug = route.slug;
    if (await db.company.findUnique({ where: { slug }, select: { id: true } })) return true;
    const hold = await db.slugRedirect.findUnique({ where: { slug }, select: { heldUntil: true } });
    return hold !== null && hold.heldUntil > new Date();
  }
  const custom = await db.domain.findUnique({
    where: { hostname: host },
    select: {
      kind: true,
      status: true,
      company: {
        select: { slug: true, plan: true, subscription: { select: { trialActive: true, trialEnd: true } } },
      },
    },
  });
  if (custom?.kind !== "custom" || custom.status !== "active") return false;
  // Only while the proxy would route it (the company's plan includes custom domains).
  const { slug, plan, subscription } = custom.company;
  return routesCustomDomain(
    {
      hostname: host,
      slug,
      plan,
      trialActive: subscription?.trialActive ?? null,
      trialEnd: subscription?.trialEnd ?? null,
    },
    new Date(),
  );
}
