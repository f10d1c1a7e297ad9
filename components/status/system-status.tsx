import { getTranslations } from "next-intl/server";
import { getFormatter } from "next-intl/server";
import { AuditLog, type AuditPage } from "@/components/status/audit-log";
import { CardSection } from "@/components/ui/card";
import type { UntrustedProxy } from "@/lib/core/http/forwarded.cjs";
import type { PartState, SystemHealth } from "@/lib/features/health/system-health";
import { cn } from "@/lib/core/merge-classes";

const PARTS = ["database", "storage", "queue", "worker", "mail", "stripe", "dns"] as const;
type Part = (typeof PARTS)[number];

const STATE_TEXT: Record<PartState, string> = {
  ok: "text-green-700 dark:text-green-400",
  error: "text-red-700 dark:text-red-400",
  not_configured: "text-zinc-700 dark:text-zinc-300",
};
const STATE_DOT: Record<PartState, string> = {
  ok: "bg-green-500",
  error: "bg-red-500",
  not_configured: "bg-zinc-400",
};

/** A part's numbers (the queue), when it was last seen (the worker) and why it is not ok. */
async function PartDetail({ part, report }: { part: Part; report: SystemHealth }) {
  const [t, format] = await Promise.all([getTranslations("status"), getFormatter()]);
  const health = report[part];
  const lines: string[] = [];
  if (part === "queue" && report.queue.stats) {
    const stats = report.queue.stats;
    lines.push(t("queue.queued", { count: stats.queued }), t("queue.failed24h", { count: stats.failed24h }));
    lines.push(
      stats.oldestQueuedSeconds === null
        ? t("queue.noneWaiting")
        : t("queue.oldest", { minutes: Math.floor(stats.oldestQueuedSeconds / 60) }),
    );
  }
  if (part === "worker" && report.worker.seenAt) {
    lines.push(t("worker.seenAt", { time: format.relativeTime(report.worker.seenAt) }));
  }
  if (health.reason) lines.push(t(`reasons.${health.reason.key}`, health.reason.values));
  if (lines.length === 0) return null;
  return (
    <dd className="col-span-2 text-sm text-zinc-600 dark:text-zinc-400" data-testid={`part-${part}-detail`}>
      {lines.join(" · ")}
    </dd>
  );
}

/**
 * System status (admins only): a reverse proxy the app does not trust (seen by this instance:
 * lib/core/http/forwarded.cjs), the services' health, then the company's audit log.
 */
export async function SystemStatus({
  report,
  audit,
  untrustedProxy,
}: {
  report: SystemHealth;
  audit: AuditPage;
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
          {PARTS.map((part) => {
            const health = report[part];
            return (
              <div
                key={part}
                data-testid={`part-${part}`}
                data-state={health.state}
                className="grid grid-cols-[1fr_auto] items-center gap-x-3 gap-y-1 rounded-lg bg-zinc-50 px-4 py-3 dark:bg-ink-900"
              >
                <dt className="font-medium">{t(`parts.${part}`)}</dt>
                <dd
                  className={cn("flex items-center gap-2 font-medium", STATE_TEXT[health.state])}
                  data-testid={`part-${part}-state`}
                >
                  <span aria-hidden className={cn("size-2 rounded-full", STATE_DOT[health.state])} />
                  {t(`states.${health.state}`)}
                </dd>
                <PartDetail part={part} report={report} />
              </div>
            );
          })}
        </dl>
      </CardSection>
      <AuditLog page={audit} />
    </div>
  );
}
