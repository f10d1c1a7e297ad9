"use client";

import { useTranslations } from "next-intl";
import { useTransition } from "react";
import { toast } from "sonner";
import { DnsStateDetails, DomainStatusBadge, type DomainRow } from "@/components/domains/domain-status";
import { Button } from "@/components/ui/button";
import { createSubdomainAction } from "@/lib/features/domains/actions";

/** The company's `{slug}.{root}` record: create it, then its state. */
export function SubdomainCard({
  subdomain,
  hostname,
  providerConfigured,
}: {
  subdomain: DomainRow | null;
  hostname: string;
  providerConfigured: boolean;
}) {
  const t = useTranslations("settings.domains");
  const tAll = useTranslations();
  const [pending, start] = useTransition();
  return (
    <section
      aria-labelledby="subdomain-title"
      className="flex flex-col gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-zinc-200 dark:bg-ink-800 dark:ring-zinc-800"
    >
      <div>
        <h2 id="subdomain-title" className="text-lg font-semibold">
          {t("subdomainTitle")}
        </h2>
        <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="dns-provider-note">
          {providerConfigured ? t("providerConfigured") : t("providerNotConfigured")}
        </p>
      </div>
      {subdomain ? (
        <div className="flex flex-col gap-3" data-testid="subdomain">
          <p className="flex flex-wrap items-center gap-3">
            <span className="font-mono font-semibold break-all">{subdomain.hostname}</span>
            <DomainStatusBadge status={subdomain.status} />
          </p>
          <DnsStateDetails domain={subdomain} />
        </div>
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <span className="font-mono break-all">{hostname}</span>
          <Button
            type="button"
            disabled={pending}
            onClick={() =>
              start(async () => {
                const result = await createSubdomainAction();
                if (result.ok) toast.success(t("subdomainCreated"));
                else toast.error(tAll(result.message, result.values));
              })
            }
          >
            {t("createSubdomain")}
          </Button>
        </div>
      )}
    </section>
  );
}
