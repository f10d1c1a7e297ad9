"use client";

import { useTranslations } from "next-intl";
import { useTransition } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { retryDomainCheckAction } from "@/lib/features/domains/actions";
import type { DomainView } from "@/lib/features/domains/queries";
import { cn } from "@/lib/core/merge-classes";

/** A domain with its dates already formatted in the reader's language and time zone. */
export type DomainRow = DomainView & { lastCheckedLabel: string | null; nextCheckLabel: string | null };

const badge: Record<DomainView["status"], string> = {
  active: "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100",
  pending: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100",
  rejected: "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100",
};

export function DomainStatusBadge({ status }: { status: DomainView["status"] }) {
  const t = useTranslations("settings.domains.status");
  return (
    <span
      data-testid="domain-status"
      className={cn("inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold", badge[status])}
    >
      {t(status)}
    </span>
  );
}

/** The DNS state with its explanation, attempts, last error and last check, and "Check again". */
export function DnsStateDetails({ domain }: { domain: DomainRow }) {
  const t = useTranslations("settings.domains");
  const tAll = useTranslations();
  const [pending, start] = useTransition();
  const errorKey = `settings.domains.errors.${domain.lastError}`;
  // A key the app wrote is translated; a provider's own message is shown as it came.
  const lastError = domain.lastError ? (tAll.has(errorKey) ? tAll(errorKey) : domain.lastError) : null;
  return (
    <div className="flex flex-col gap-2 text-sm">
      <p>
        <span className="font-medium">{t("dnsStateLabel")}: </span>
        <span data-testid="dns-state">{t(`dnsState.${domain.dnsState}`)}</span>
        {" — "}
        {/* Records in place but not active: only a plan without custom domains holds it (state-machine.ts). */}
        {domain.dnsState === "configured" && domain.status !== "active" ? (
          <span data-testid="domain-plan-gated" className="text-amber-800 dark:text-amber-200">
            {t("planGate")}
          </span>
        ) : (
          <span className="text-zinc-600 dark:text-zinc-400">{t(`dnsStateHelp.${domain.dnsState}`)}</span>
        )}
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-zinc-700 dark:text-zinc-300">
        <dt className="font-medium">{t("attempts")}</dt>
        <dd>{domain.attempts}</dd>
        <dt className="font-medium">{t("lastChecked")}</dt>
        <dd>{domain.lastCheckedLabel ?? t("never")}</dd>
        <dt className="font-medium">{t("nextCheck")}</dt>
        <dd>{domain.nextCheckLabel ?? t("noAutomaticCheck")}</dd>
        {lastError && (
          <>
            <dt className="font-medium">{t("lastError")}</dt>
            <dd data-testid="domain-last-error" className="text-red-700 dark:text-red-300">
              {lastError}
            </dd>
          </>
        )}
      </dl>
      <div>
        <Button
          type="button"
          variant="secondary"
          size="sm"
          disabled={pending}
          aria-label={`${t("retry")}: ${domain.hostname}`}
          onClick={() =>
            start(async () => {
              const result = await retryDomainCheckAction(domain.id);
              if (result.ok) toast.success(t("retryQueued"));
              else toast.error(tAll(result.message, result.values));
            })
          }
        >
          {t("retry")}
        </Button>
      </div>
    </div>
  );
}
