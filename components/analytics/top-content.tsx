import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { EmptyList } from "@/components/admin/empty-list";
import { barPercent } from "@/components/analytics/chart-geometry";
import type { AnalyticsRow } from "@/lib/features/analytics/metrics";
import { Card } from "@/components/ui/card";

/** The most viewed content of the period as horizontal bars (widths relative to the first). */
export async function TopContent({ rows }: { rows: AnalyticsRow[] }) {
  const t = await getTranslations("admin.analytics.top");
  const max = Math.max(0, ...rows.map((r) => r.views));
  return (
    <section aria-labelledby="analytics-top-title" className="flex flex-col gap-3">
      <div>
        <h2 id="analytics-top-title" className="text-lg font-semibold">
          {t("title")}
        </h2>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("description")}</p>
      </div>
      {rows.length === 0 ? (
        <EmptyList>{t("empty")}</EmptyList>
      ) : (
        <Card asChild className="flex flex-col gap-4">
          <ol data-testid="analytics-top-content">
            {rows.map((row) => (
              <li key={row.id} className="flex flex-col gap-1.5">
                <div className="flex items-baseline justify-between gap-4 text-sm">
                  <Link
                    href={`/admin/content/${encodeURIComponent(row.id)}`}
                    className="min-w-0 truncate font-medium hover:text-brand-600 hover:underline"
                  >
                    {row.name}
                  </Link>
                  <span className="shrink-0 text-zinc-600 tabular-nums dark:text-zinc-400">
                    {t("views", { count: row.views })}
                  </span>
                </div>
                <div aria-hidden className="h-2 overflow-hidden rounded-full bg-zinc-100 dark:bg-zinc-800">
                  <div
                    className="h-full rounded-full bg-brand-500"
                    style={{ width: `${barPercent(row.views, max)}%` }}
                  />
                </div>
              </li>
            ))}
          </ol>
        </Card>
      )}
    </section>
  );
}
