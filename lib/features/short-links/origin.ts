import "server-only";
import { db } from "@/lib/core/db";
import { appUrl } from "@/lib/core/env";
import { appOrigin, tenantOrigin } from "@/lib/platform/site/site";
import { routingTable } from "@/lib/platform/tenancy/routing-table";

/**
 * Where a company's short links live: its custom domain while that routes (the proxy's
 * routing table: active and on a plan with custom domains), else its subdomain once its
 * record is active, else the app's host. A short link redirects on the host it is opened on,
 * so the fan, the page and the source cookie stay on one host.
 */
export async function shortLinkOrigin(companyId: string): Promise<string> {
  const company = await db.company.findUnique({
    where: { id: companyId },
    select: { slug: true, domains: { where: { status: "active" }, select: { hostname: true, kind: true } } },
  });
  if (!company) return appOrigin();
  const routes = await routingTable()
    .current()
    .then((table) => table.domains)
    .catch(() => new Map<string, string>());
  const custom = company.domains.find((d) => d.kind === "custom" && routes.get(d.hostname) === company.slug);
  if (custom) return `${new URL(appUrl).protocol}//${custom.hostname}`;
  if (company.domains.some((d) => d.kind === "subdomain")) return tenantOrigin(company.slug);
  return appOrigin();
}

/** The full short address of a code on the company's host. */
export function shortLinkUrl(origin: string, code: string): string {
  return `${origin}/s/${code}`;
}
