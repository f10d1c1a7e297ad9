import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { EmptyList } from "@/components/admin/empty-list";
import { Table, TableBody, TableHead, TableRow } from "@/components/ui/table";
import { formatWatchedTime } from "@/components/analytics/format";
import { METRICS, type AnalyticsRow } from "@/lib/features/analytics/metrics";
import { startOfDay, type ItemBreakdown } from "@/lib/features/analytics/range";

/** Rows shown on the page; the CSV has them all. */
export const VISIBLE_ROWS = 100;

const CONTENT_KINDS = new Set(["single", "photo_gallery", "video_gallery"]);

/** Every metric of the period per content or per event, most viewed first. */
export async function BreakdownTable({
  rows,
  by,
  locale,
}: {
  rows: AnalyticsRow[];
  by: ItemBreakdown;
  locale: string;
}) {
  const [t, tContent, format] = await Promise.all([
    getTranslations("admin.analytics"),
    getTranslations("content"),
    getFormatter(),
  ]);
  const visible = rows.slice(0, VISIBLE_ROWS);
  const detail = (row: AnalyticsRow) => {
    if (!row.detail) return "—";
    if (by === "event")
      return format.dateTime(startOfDay(row.detail), { dateStyle: "medium", timeZone: "UTC" });
    return CONTENT_KINDS.has(row.detail) ? tContent(`kind.${row.detail as "single"}`) : row.detail;
  };
  const href = (row: AnalyticsRow) =>
    `/admin/${by === "content" ? "content" : "events"}/${encodeURIComponent(row.id)}`;

  return (
    <section aria-labelledby="analytics-breakdown-title" className="flex flex-col gap-3">
      <h2 id="analytics-breakdown-title" className="text-lg font-semibold">
        {t(`breakdown.title.${by}`)}
      </h2>
      {by === "event" && (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("breakdown.eventNote")}</p>
      )}
      {visible.length === 0 ? (
        <EmptyList>{t(`breakdown.empty.${by}`)}</EmptyList>
      ) : (
        <>
          <Table
            region={{ labelledBy: "analytics-breakdown-title" }}
            aria-labelledby="analytics-breakdown-title"
          >
            <TableHead>
              <th scope="col" className="px-4 py-3">
                {t(`breakdown.name.${by}`)}
              </th>
              <th scope="col" className="px-4 py-3">
                {t(`breakdown.detail.${by}`)}
              </th>
              {METRICS.map((metric) => (
                <th key={metric} scope="col" className="px-4 py-3 text-right">
                  {t(`metrics.${metric}`)}
                </th>
              ))}
            </TableHead>
            <TableBody>
              {visible.map((row) => (
                <TableRow key={row.id} data-testid="analytics-row" look="hover">
                  <th scope="row" className="min-w-48 px-4 py-3 font-medium">
                    <Link href={href(row)} className="hover:text-brand-600 hover:underline">
                      {row.name}
                    </Link>
                  </th>
                  <td className="px-4 py-3 whitespace-nowrap text-zinc-600 dark:text-zinc-400">
                    {detail(row)}
                  </td>
                  {METRICS.map((metric) => (
                    <td key={metric} className="px-4 py-3 text-right whitespace-nowrap tabular-nums">
                      {metric === "watchSeconds"
                        ? formatWatchedTime(row.watchSeconds, locale)
                        : format.number(row[metric])}
                    </td>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {rows.length > visible.length && (
            <p className="text-sm text-zinc-600 dark:text-zinc-400">
              {t("breakdown.capped", { shown: visible.length, total: rows.length })}
            </p>
          )}
        </>
      )}
    </section>
  );
}
