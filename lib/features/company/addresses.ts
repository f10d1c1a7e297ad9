import "server-only";
import { db } from "@/lib/core/db";
import type { DomainStatus } from "@/lib/generated/prisma/enums";
import { appOrigin, tenantOrigin } from "@/lib/platform/site/site";

export interface CompanyAddresses {
  slug: string;
  /** `https://afterglow.events/{slug}`. */
  path: string;
  /** `https://{slug}.afterglow.events`. */
  subdomain: string;
  /** The company's own domains as lib/domains records them (managed on Settings → Domains). */
  customDomains: { hostname: string; status: DomainStatus; url: string }[];
}

/** Settings → Address: where the company's public pages are, scoped to the caller's company. */
export async function getCompanyAddresses(companyId: string): Promise<CompanyAddresses> {
  const company = await db.company.findUniqueOrThrow({
    where: { id: companyId },
    select: {
      slug: true,
      domains: {
        where: { kind: "custom" },
        select: { hostname: true, status: true },
        orderBy: { hostname: "asc" },
      },
    },
  });
  return {
    slug: company.slug,
    path: `${appOrigin()}/${company.slug}`,
    subdomain: tenantOrigin(company.slug),
    customDomains: company.domains.map((d) => ({ ...d, url: `https://${d.hostname}` })),
  };
}

/**
 * How an address is built around a slug, for the editor's preview as the admin types:
 * `{before}{slug}{after}` for each address.
 */
export function addressPatterns(): { path: [string, string]; subdomain: [string, string] } {
  const token = "slug-placeholder";
  const [before = "", after = ""] = tenantOrigin(token).split(token);
  return { path: [`${appOrigin()}/`, ""], subdomain: [before, after] };
}
