import { getFormatter, getTranslations } from "next-intl/server";
import { EmptyList } from "@/components/admin/empty-list";
import { Table, TableBody, TableHead } from "@/components/ui/table";
import { DIRECT_KEY, OTHER_KEY, type SourceRow } from "@/lib/features/analytics/source-rows";

const COLUMNS = ["views", "uniqueVisitors", "likes", "shares", "downloads", "leads"] as const;

/**
 * The period's figures by visit source (share channel, QR code, referrer, utm_source, direct),
 * most viewed first. Each row's bar shows its share of the views (the chart's breakdown by
 * source); the numbers in the table are its text alternative, so the bar is hidden from
 * assistive technology.
 */
export async function SourceTable({ rows }: { rows: SourceRow[] }) {
  const [t, format] = await Promise.all([getTranslations("admin.analytics"), getFormatter()]);
  const totalViews = rows.reduce((sum, r) => sum + r.views, 0);
  return (
    <section aria-labelledby="analytics-sources-title" className="flex flex-col gap-3">
      <h2 id="analytics-sources-title" className="text-lg font-semibold">
        {t("sources.title")}
      </h2>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("sources.description")}</p>
      {rows.length === 0 ? (
        <EmptyList>{t("sources.empty")}</EmptyList>
      ) : (
        <Table region={{ labelledBy: "analytics-sources-title" }} aria-labelledby="analytics-sources-title">
          <TableHead>
            <th scope="col" className="px-4 py-3">
              {t("sources.source")}
            </th>
            <th scope="col" className="px-4 py-3">
              {t("sources.share")}
            </th>
            {COLUMNS.map((metric) => (
              <th key={metric} scope="col" className="px-4 py-3 text-right">
                {t(`metrics.${metric}`)}
              </th>
            ))}
          </TableHead>
          <TableBody>
            {rows.map((row) => {
              const share = totalViews > 0 ? row.views / totalViews : 0;
              return (
                <tr key={row.source} data-testid="analytics-source-row" data-source={row.source}>
                  <th scope="row" className="min-w-40 px-4 py-3 font-medium">
                    {row.source === DIRECT_KEY
                      ? t("sources.direct")
                      : row.source === OTHER_KEY
                        ? t("sources.other")
                        : row.label}
                  </th>
                  <td className="min-w-40 px-4 py-3">
                    <div className="flex items-center gap-2">
                      <div aria-hidden className="h-2 w-24 rounded-full bg-zinc-200 dark:bg-zinc-700">
                        <div
                          className="h-2 rounded-full bg-brand-600 dark:bg-brand-500"
                          style={{ width: `${Math.round(share * 100)}%` }}
                        />
                      </div>
                      <span className="tabular-nums">{format.number(share, { style: "percent" })}</span>
                    </div>
                  </td>
                  {COLUMNS.map((metric) => (
                    <td key={metric} className="px-4 py-3 text-right whitespace-nowrap tabular-nums">
                      {format.number(row[metric])}
                    </td>
                  ))}
                </tr>
              );
            })}
          </TableBody>
        </Table>
      )}
    </section>
  );
}
