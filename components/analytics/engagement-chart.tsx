import { getFormatter, getTranslations } from "next-intl/server";
import { areaPath, chartGeometry, linePath, peakIndex } from "@/components/analytics/chart-geometry";
import { Card } from "@/components/ui/card";
import { Table, TableBody, TableHead } from "@/components/ui/table";
import type { DailyPoint } from "@/lib/features/analytics/metrics";
import { startOfDay } from "@/lib/features/analytics/range";

/** Markers on each day's value while the days are few enough to tell apart. */
const MAX_MARKED_DAYS = 14;

/**
 * Daily views (solid) and downloads (dashed) as an inline SVG drawn on the server: no chart
 * library, nothing to hydrate. The SVG is one image with a summary for screen readers; the
 * numbers themselves are in a table under "Show the numbers".
 */
export async function EngagementChart({ series }: { series: DailyPoint[] }) {
  const [t, format] = await Promise.all([getTranslations("admin.analytics"), getFormatter()]);
  const views = series.map((p) => p.views);
  const downloads = series.map((p) => p.downloads);
  const geometry = chartGeometry(series.length, Math.max(0, ...views, ...downloads));
  const { box, plot } = geometry;

  const first = series[0]?.day;
  const last = series.at(-1)?.day;
  const severalYears = first !== undefined && last !== undefined && first.slice(0, 4) !== last.slice(0, 4);
  const tickDay = (day: string) =>
    format.dateTime(startOfDay(day), {
      day: "numeric",
      month: "short",
      ...(severalYears ? { year: "2-digit" } : {}),
      timeZone: "UTC",
    });
  const longDay = (day: string) => format.dateTime(startOfDay(day), { dateStyle: "medium", timeZone: "UTC" });

  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  const peak = peakIndex(views);
  const range = { from: first ? longDay(first) : "", to: last ? longDay(last) : "" };
  const label =
    peak >= 0
      ? t("chart.label", {
          ...range,
          views: format.number(sum(views)),
          peakDay: longDay(series[peak]!.day),
          peak: format.number(views[peak]!),
          downloads: format.number(sum(downloads)),
        })
      : t("chart.labelNoViews", { ...range, downloads: format.number(sum(downloads)) });
  const baseline = plot.y + plot.height;

  return (
    <section aria-labelledby="analytics-chart-title" className="flex flex-col gap-3">
      <h2 id="analytics-chart-title" className="text-lg font-semibold">
        {t("chart.title")}
      </h2>
      <Card padding="sm">
        <svg
          viewBox={`0 0 ${box.width} ${box.height}`}
          role="img"
          aria-label={label}
          className="h-auto w-full"
          data-testid="analytics-chart"
        >
          {geometry.yTicks.map((tick) => (
            <g key={tick.value}>
              <line
                x1={plot.x}
                x2={plot.x + plot.width}
                y1={tick.position}
                y2={tick.position}
                className="stroke-zinc-200 dark:stroke-zinc-700"
                strokeWidth={1}
              />
              <text
                x={plot.x - 8}
                y={tick.position}
                dy="0.32em"
                textAnchor="end"
                fontSize={12}
                className="fill-zinc-600 dark:fill-zinc-400"
              >
                {/* Compact ("12K") so large counts fit the axis margin. */}
                {format.number(tick.value, { notation: "compact" })}
              </text>
            </g>
          ))}
          {geometry.xTicks.map((tick) => (
            <g key={tick.index}>
              <line
                x1={tick.position}
                x2={tick.position}
                y1={baseline}
                y2={baseline + 5}
                className="stroke-zinc-400 dark:stroke-zinc-600"
                strokeWidth={1}
              />
              <text
                x={tick.position}
                y={baseline + 22}
                textAnchor={tick.anchor}
                fontSize={12}
                className="fill-zinc-600 dark:fill-zinc-400"
              >
                {tickDay(series[tick.index]!.day)}
              </text>
            </g>
          ))}
          <path d={areaPath(views, geometry)} className="fill-brand-500/10" />
          <path
            d={linePath(downloads, geometry)}
            fill="none"
            strokeWidth={2}
            strokeDasharray="6 4"
            strokeLinejoin="round"
            className="stroke-emerald-600 dark:stroke-emerald-400"
          />
          <path
            d={linePath(views, geometry)}
            fill="none"
            strokeWidth={2.5}
            strokeLinejoin="round"
            strokeLinecap="round"
            className="stroke-brand-600 dark:stroke-brand-500"
          />
          {series.length <= MAX_MARKED_DAYS &&
            views.map((value, i) => (
              <circle
                key={i}
                cx={geometry.x(i)}
                cy={geometry.y(value)}
                r={3.5}
                className="fill-white stroke-brand-600 dark:fill-ink-800 dark:stroke-brand-500"
                strokeWidth={2}
              />
            ))}
        </svg>
        <ul className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-sm text-zinc-700 dark:text-zinc-300">
          <li className="flex items-center gap-2">
            <svg aria-hidden width="24" height="8" className="shrink-0">
              <line
                x1="0"
                x2="24"
                y1="4"
                y2="4"
                strokeWidth={3}
                className="stroke-brand-600 dark:stroke-brand-500"
              />
            </svg>
            {t("metrics.views")}
          </li>
          <li className="flex items-center gap-2">
            <svg aria-hidden width="24" height="8" className="shrink-0">
              <line
                x1="0"
                x2="24"
                y1="4"
                y2="4"
                strokeWidth={2}
                strokeDasharray="6 4"
                className="stroke-emerald-600 dark:stroke-emerald-400"
              />
            </svg>
            {t("metrics.downloads")}
          </li>
        </ul>
        <details className="mt-3 text-sm">
          <summary className="w-fit cursor-pointer rounded font-medium text-zinc-700 hover:text-brand-600 dark:text-zinc-300">
            {t("chart.showData")}
          </summary>
          {/* Scrolls on long periods. */}
          <Table scroll="y" region={{ label: t("chart.showData") }} frameClassName="mt-3 max-h-96">
            <caption className="sr-only">{t("chart.title")}</caption>
            <TableHead className="sticky top-0">
              <th scope="col" className="px-4 py-2">
                {t("chart.day")}
              </th>
              {(["views", "likes", "downloads", "leads"] as const).map((metric) => (
                <th key={metric} scope="col" className="px-4 py-2 text-right">
                  {t(`metrics.${metric}`)}
                </th>
              ))}
            </TableHead>
            <TableBody className="tabular-nums">
              {series.map((point) => (
                <tr key={point.day}>
                  <th scope="row" className="px-4 py-1.5 font-normal whitespace-nowrap">
                    {longDay(point.day)}
                  </th>
                  <td className="px-4 py-1.5 text-right">{format.number(point.views)}</td>
                  <td className="px-4 py-1.5 text-right">{format.number(point.likes)}</td>
                  <td className="px-4 py-1.5 text-right">{format.number(point.downloads)}</td>
                  <td className="px-4 py-1.5 text-right">{format.number(point.leads)}</td>
                </tr>
              ))}
            </TableBody>
          </Table>
        </details>
      </Card>
    </section>
  );
}
