import "server-only";
import { db } from "@/lib/core/db";
import { customDomainRecords, type DnsRecordInstruction } from "@/lib/features/domains/hostname";
import { domainSettings } from "@/lib/features/domains/settings";
import type { DnsState, DomainStatus } from "@/lib/generated/prisma/enums";
import { loadEffectivePlan } from "@/lib/platform/plans/effective";
import { planAllows } from "@/lib/platform/plans/gate";

/** One domain as the Settings → Domains page shows it (no token beyond its TXT value). */
export interface DomainView {
  id: string;
  hostname: string;
  status: DomainStatus;
  dnsState: DnsState;
  attempts: number;
  lastError: string | null;
  lastCheckedAt: string | null;
  nextCheckAt: string | null;
  activatedAt: string | null;
  records: DnsRecordInstruction[];
}

export interface DomainsPageData {
  subdomain: DomainView | null;
  /** What the subdomain would be called (the create button's label). */
  subdomainHostname: string;
  customDomains: DomainView[];
  customDomainsAllowed: boolean;
  /** A DNS provider creates the subdomain's record; otherwise wildcard DNS is assumed. */
  providerConfigured: boolean;
  appHost: string;
}

/** The Domains page's data for the caller's company (scoped by `companyId`). */
export async function getDomainsPage(companyId: string): Promise<DomainsPageData> {
  const settings = domainSettings();
  const [company, rows, { plan }] = await Promise.all([
    db.company.findUniqueOrThrow({ where: { id: companyId }, select: { slug: true } }),
    db.domain.findMany({ where: { companyId }, orderBy: { createdAt: "asc" } }),
    loadEffectivePlan(db, companyId),
  ]);
  const view = (d: (typeof rows)[number]): DomainView => ({
    id: d.id,
    hostname: d.hostname,
    status: d.status,
    dnsState: d.dnsState,
    attempts: d.attempts,
    lastError: d.lastError,
    lastCheckedAt: d.lastCheckedAt?.toISOString() ?? null,
    nextCheckAt: d.nextCheckAt?.toISOString() ?? null,
    activatedAt: d.activatedAt?.toISOString() ?? null,
    records:
      d.kind === "custom" && d.verificationToken
        ? customDomainRecords(d.hostname, d.verificationToken, {
            host: settings.appHost,
            publicIpv4: settings.publicIpv4,
          })
        : [],
  });
  const subdomain = rows.find((d) => d.kind === "subdomain");
  return {
    subdomain: subdomain ? view(subdomain) : null,
    subdomainHostname: `${company.slug}.${settings.appHost.replace(/^www\./, "")}`,
    customDomains: rows.filter((d) => d.kind === "custom").map(view),
    customDomainsAllowed: planAllows(plan, "customDomains"),
    providerConfigured: settings.cloudflare !== null,
    appHost: settings.appHost,
  };
}
