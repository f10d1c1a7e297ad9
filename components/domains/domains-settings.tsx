"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { CustomDomains } from "@/components/domains/custom-domains";
import type { DomainRow } from "@/components/domains/domain-status";
import { SubdomainCard } from "@/components/domains/subdomain-card";

/** While a check is under way, re-read the page every 15 s (the checks run in the background). */
const POLL_MS = 15_000;

export function DomainsSettings({
  subdomain,
  subdomainHostname,
  customDomains,
  customDomainsAllowed,
  providerConfigured,
}: {
  subdomain: DomainRow | null;
  subdomainHostname: string;
  customDomains: DomainRow[];
  customDomainsAllowed: boolean;
  providerConfigured: boolean;
}) {
  const router = useRouter();
  const busy = [subdomain, ...customDomains].some(
    (d) => d && d.status === "pending" && d.nextCheckAt !== null,
  );
  useEffect(() => {
    if (!busy) return;
    const timer = setInterval(() => router.refresh(), POLL_MS);
    return () => clearInterval(timer);
  }, [busy, router]);
  return (
    <div className="flex flex-col gap-6">
      <SubdomainCard
        subdomain={subdomain}
        hostname={subdomainHostname}
        providerConfigured={providerConfigured}
      />
      <CustomDomains domains={customDomains} allowed={customDomainsAllowed} />
    </div>
  );
}
