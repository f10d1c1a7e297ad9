"use client";

import { useTranslations } from "next-intl";
import { useTransition } from "react";
import { toast } from "sonner";
import { DnsStateDetails, DomainStatusBadge, type DomainRow } from "@/components/domains/domain-status";
import { Button } from "@/components/ui/button";
import { createSubdomainAction } from "@/lib/features/domains/actions";
import { CardSection } from "@/components/ui/card";

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
    <CardSection
      id="subdomain-title"
      title={t("subdomainTitle")}
      description={providerConfigured ? t("providerConfigured") : t("providerNotConfigured")}
      descriptionTestId="dns-provider-note"
      className="flex flex-col gap-4"
    >
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
    </CardSection>
  );
}
