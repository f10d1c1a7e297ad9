import { getTranslations } from "next-intl/server";
import { AuditLog } from "@/components/status/audit-log";
import { CardSection } from "@/components/ui/card";
import type { AuditRow } from "@/lib/core/audit/queries";
import type { UntrustedProxy } from "@/lib/core/http/forwarded.cjs";
import type { Health } from "@/lib/features/health/check-health";
import { cn } from "@/lib/core/merge-classes";

/**
 * System status (admins only): a reverse proxy the app does not trust (seen by this instance:
 * lib/core/http/forwarded.cjs), the services' health, then the company's audit log.
 */
export async function SystemStatus({
  health,
  audit,
  untrustedProxy,
}: {
  health: Health;
  audit: AuditRow[];
  untrustedProxy: UntrustedProxy | null;
}) {
  const t = await getTranslations("status");
  return (
    <div className="flex flex-col gap-6">
      {untrustedProxy ? (
        <CardSection
          id="proxy-title"
          title={t("proxyTitle")}
          titleClassName="mb-2 text-lg font-semibold text-red-700 dark:text-red-400"
        >
          <p className="text-sm">
            {t("proxyWarning", { address: untrustedProxy.address, variable: "AUTH_TRUSTED_PROXIES" })}
          </p>
        </CardSection>
      ) : null}
      <CardSection id="services-title" title={t("services")} titleClassName="mb-4 text-lg font-semibold">
        <dl className="grid gap-3 sm:grid-cols-2">
          {(["database", "storage"] as const).map((part) => {
            const ok = health[part === "database" ? "db" : "storage"] === "ok";
            return (
              <div
                key={part}
                className="flex items-center justify-between rounded-lg bg-zinc-50 px-4 py-3 dark:bg-ink-900"
              >
                <dt>{t(part)}</dt>
                <dd
                  className={cn(
                    "flex items-center gap-2 font-medium",
                    ok ? "text-green-700 dark:text-green-400" : "text-red-600 dark:text-red-400",
                  )}
                >
                  <span
                    aria-hidden
                    className={cn("size-2 rounded-full", ok ? "bg-green-500" : "bg-red-500")}
                  />
                  {ok ? t("ok") : t("error")}
                </dd>
              </div>
            );
          })}
        </dl>
      </CardSection>
      <AuditLog rows={audit} />
    </div>
  );
}
