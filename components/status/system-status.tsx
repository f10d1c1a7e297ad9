import { getTranslations } from "next-intl/server";
import { AuditLog } from "@/components/status/audit-log";
import { CardSection } from "@/components/ui/card";
import type { AuditRow } from "@/lib/core/audit/queries";
import type { Health } from "@/lib/features/health/check-health";
import { cn } from "@/lib/core/merge-classes";

/** System status (admins only): the services' health, then the company's audit log. */
export async function SystemStatus({ health, audit }: { health: Health; audit: AuditRow[] }) {
  const t = await getTranslations("status");
  return (
    <div className="flex flex-col gap-6">
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
