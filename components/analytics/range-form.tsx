import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { analyticsQuery } from "@/components/analytics/query";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { optionsOf, Select } from "@/components/ui/select";
import { cn } from "@/lib/core/merge-classes";
import {
  BREAKDOWNS,
  lastDays,
  PRESET_DAYS,
  type AnalyticsParams,
  type Breakdown,
} from "@/lib/features/analytics/range";

const BREAKDOWN_LABELS = {
  content: "byContent",
  event: "byEvent",
  source: "bySource",
} as const satisfies Record<Breakdown, string>;

/**
 * The period (whole UTC days) and the breakdown, as a plain GET form: works without
 * JavaScript, and the URL can be shared. Quick periods are links; the one shown is marked.
 * After a refused period the fields keep what was typed and the wrong one points at the
 * error message (`errorId`).
 */
export async function RangeForm({
  params,
  now,
  typed,
  invalid,
  errorId,
}: {
  params: AnalyticsParams;
  now: Date;
  typed?: { from?: string; to?: string };
  invalid?: "from" | "to" | "by";
  errorId?: string;
}) {
  const t = await getTranslations("admin.analytics.range");
  const errorProps = (field: "from" | "to" | "by") =>
    invalid === field ? { "aria-invalid": true, "aria-describedby": errorId } : {};
  return (
    <div className="flex flex-col gap-4">
      <form method="get" aria-label={t("label")} className="flex flex-wrap items-end gap-3">
        {(["from", "to"] as const).map((field) => (
          <div key={field} className="flex flex-col gap-1 text-sm">
            <label htmlFor={`analytics-${field}`} className="font-medium">
              {t(field)}
            </label>
            <Input
              id={`analytics-${field}`}
              type="date"
              name={field}
              defaultValue={typed?.[field] ?? params[field]}
              className="w-44"
              {...errorProps(field)}
            />
          </div>
        ))}
        <div className="flex flex-col gap-1 text-sm">
          <label htmlFor="analytics-by" className="font-medium">
            {t("by")}
          </label>
          <Select
            size="sm"
            id="analytics-by"
            name="by"
            defaultValue={params.by}
            {...errorProps("by")}
            options={optionsOf(BREAKDOWNS, (by) => t(BREAKDOWN_LABELS[by]))}
          />
        </div>
        <Button type="submit" variant="secondary">
          {t("apply")}
        </Button>
      </form>
      <nav aria-label={t("presets")}>
        <ul className="flex flex-wrap gap-2">
          {PRESET_DAYS.map((days) => {
            const range = lastDays(days, now);
            const current = range.from === params.from && range.to === params.to;
            return (
              <li key={days}>
                <Link
                  href={`/admin/analytics?${analyticsQuery({ ...range, by: params.by })}`}
                  aria-current={current ? "true" : undefined}
                  className={cn(
                    "inline-flex h-8 items-center rounded-full border px-3 text-sm font-medium transition-colors",
                    current
                      ? "border-brand-600 bg-brand-50 text-zinc-900 dark:border-brand-500 dark:bg-brand-500/15 dark:text-zinc-100"
                      : "border-zinc-300 text-zinc-700 hover:bg-zinc-100 dark:border-zinc-700 dark:text-zinc-200 dark:hover:bg-zinc-800",
                  )}
                >
                  {t("preset", { count: days })}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    </div>
  );
}
