import { FileDown } from "lucide-react";
import type { Metadata } from "next";
import { getFormatter, getTranslations, setRequestLocale } from "next-intl/server";
import { EmptyList } from "@/components/admin/empty-list";
import { PageHeader } from "@/components/admin/page-header";
import { BreakdownTable } from "@/components/analytics/breakdown-table";
import { EngagementChart } from "@/components/analytics/engagement-chart";
import { FavouritePhotos } from "@/components/analytics/favourite-photos";
import { hasEngagement } from "@/components/analytics/format";
import { analyticsQuery } from "@/components/analytics/query";
import { RangeForm } from "@/components/analytics/range-form";
import { SourceTable } from "@/components/analytics/source-table";
import { TopContent } from "@/components/analytics/top-content";
import { TotalsCards } from "@/components/analytics/totals-cards";
import { Button } from "@/components/ui/button";
import {
  DEFAULT_RANGE_DAYS,
  daysIn,
  lastDays,
  parseAnalyticsParams,
  rangeErrorField,
  startOfDay,
  type AnalyticsParams,
} from "@/lib/features/analytics/range";
import { loadAnalytics } from "@/lib/features/analytics/server";
import { requireMembership } from "@/lib/platform/tenancy/guard";

export async function generateMetadata({
  params,
}: PageProps<"/[locale]/admin/analytics">): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: "admin.analytics" });
  return { title: t("metaTitle") };
}

/**
 * Analytics (admins and managers): the period's totals, a daily chart, the most viewed
 * content and a table by content, by event or by visit source; then the most-favourited photos
 * per gallery, as they stand today. Period and breakdown live in the URL and are
 * shared with the CSV export; a bad query shows why and falls back to the last 30 days.
 */
export default async function AnalyticsPage({
  params,
  searchParams,
}: PageProps<"/[locale]/admin/analytics">) {
  const { locale } = await params;
  setRequestLocale(locale);
  const membership = await requireMembership("analytics.view");
  const now = new Date();
  const query = await searchParams;
  const parsed = parseAnalyticsParams(query, now);
  const typed = (v: string | string[] | undefined) =>
    typeof v === "string" && v.length <= 10 ? v : undefined;
  const selected: AnalyticsParams = parsed.ok
    ? parsed.params
    : {
        ...lastDays(DEFAULT_RANGE_DAYS, now),
        by: query.by === "event" || query.by === "source" ? query.by : "content",
      };
  const { by, ...range } = selected;
  const [{ overview, rows, sources, favourites }, t, format] = await Promise.all([
    loadAnalytics(membership, selected),
    getTranslations("admin.analytics"),
    getFormatter(),
  ]);
  const day = (d: string) => format.dateTime(startOfDay(d), { dateStyle: "medium", timeZone: "UTC" });
  const engaged = hasEngagement(overview.totals);

  return (
    <>
      <PageHeader title={t("title")} description={t("description")}>
        <Button asChild variant="secondary">
          <a href={`/api/admin/analytics.csv?${analyticsQuery(selected)}`} download>
            <FileDown aria-hidden className="size-4" />
            {t("downloadCsv")}
          </a>
        </Button>
      </PageHeader>
      <div className="flex flex-col gap-8">
        {!parsed.ok && (
          <p
            id="analytics-error"
            role="alert"
            className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
          >
            {t(`errors.${parsed.error}`)} {t("errors.fallback", { days: DEFAULT_RANGE_DAYS })}
          </p>
        )}
        <div className="flex flex-col gap-3">
          <RangeForm
            params={selected}
            now={now}
            {...(parsed.ok
              ? {}
              : {
                  typed: { from: typed(query.from), to: typed(query.to) },
                  invalid: rangeErrorField(parsed.error, query),
                  errorId: "analytics-error",
                })}
          />
          <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="analytics-period">
            {t("period", { from: day(range.from), to: day(range.to), days: daysIn(range) })}
          </p>
          {!overview.uniqueVisitorsExact && (
            <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="analytics-estimate-note">
              {t("uniqueEstimate")}
            </p>
          )}
        </div>
        <TotalsCards totals={overview.totals} media={overview.media} locale={locale} />
        {engaged ? (
          <>
            <EngagementChart series={overview.series} />
            <TopContent rows={overview.topContent} />
            {sources ? (
              <SourceTable rows={sources} />
            ) : (
              <BreakdownTable rows={rows} by={by === "source" ? "content" : by} locale={locale} />
            )}
          </>
        ) : (
          <EmptyList>{t("empty")}</EmptyList>
        )}
        <FavouritePhotos galleries={favourites} />
      </div>
    </>
  );
}
