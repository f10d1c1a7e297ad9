import type { Metadata } from "next";
import { Eye } from "lucide-react";
import Link from "next/link";
import { getFormatter, getTranslations, setRequestLocale } from "next-intl/server";
import { PageHeader } from "@/components/admin/page-header";
import { ChecklistCard } from "@/components/dashboard/checklist-card";
import { PublicLink } from "@/components/dashboard/public-link";
import { RecentComments, RecentLeads } from "@/components/dashboard/recent-activity";
import { getPlanSummary } from "@/lib/features/billing/overview";
import { weekChange } from "@/lib/features/dashboard/checklist";
import { getDashboard } from "@/lib/features/dashboard/queries";
import { appOrigin } from "@/lib/platform/site/site";
import { tenantLinks } from "@/lib/platform/site/links";
import { requireMembership } from "@/lib/platform/tenancy/guard";
import { CardSection } from "@/components/ui/card";

export async function generateMetadata({ params }: PageProps<"/[locale]/admin">): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: "admin.dashboard" });
  return { title: t("metaTitle") };
}

/**
 * Dashboard (issue #18): the spec's four totals (content, published content, downloads, leads;
 * issue #40), then what gets a new organiser going — the getting-started checklist, the public
 * page link, this week's views, recent leads and comments — for what the member's role may see.
 */
export default async function DashboardPage({ params }: PageProps<"/[locale]/admin">) {
  const { locale } = await params;
  setRequestLocale(locale);
  const membership = await requireMembership();
  const [dashboard, effective] = await Promise.all([
    getDashboard(membership),
    getPlanSummary(membership.company.id),
  ]);
  const t = await getTranslations("admin.dashboard");
  const tb = await getTranslations();
  const format = await getFormatter();
  const publicUrl = `${appOrigin()}${tenantLinks("path", membership.company.slug).home}`;
  const { views, checklist, totals } = dashboard;
  const change = weekChange(views.thisWeek, views.lastWeek);

  return (
    <>
      <PageHeader title={t("title")} description={t("welcome", { name: membership.displayName })} />
      <p className="mb-6 text-sm" data-testid="dashboard-plan">
        <Link
          href="/admin/subscription"
          className="font-medium text-brand-700 hover:underline dark:text-brand-400"
        >
          {tb("billing.dashboard.plan")}: {tb(`plans.names.${effective.plan}`)}
        </Link>
        {effective.trial.isInTrial && (
          <span className="ml-2 text-zinc-600 dark:text-zinc-400">
            · {tb("billing.dashboard.trialDaysLeft", { days: effective.trial.trialDaysLeft })}
          </span>
        )}
      </p>
      <CardSection id="totals-title" title={t("totals")} className="mb-6">
        <dl className="mt-3 grid grid-cols-2 gap-4 sm:grid-cols-4" data-testid="dashboard-totals">
          {(["contents", "publishedContents", "downloads", "leads"] as const).map((key) => (
            <div key={key} className="flex flex-col-reverse">
              <dt className="text-sm text-zinc-600 dark:text-zinc-400">{t(key)}</dt>
              <dd className="text-3xl font-semibold tabular-nums" data-testid={`dashboard-total-${key}`}>
                {format.number(totals[key])}
              </dd>
            </div>
          ))}
        </dl>
      </CardSection>
      <div className="grid gap-6 xl:grid-cols-[3fr_2fr]">
        <div className="flex flex-col gap-6">
          {checklist.visible && <ChecklistCard checklist={checklist} />}
          <CardSection id="public-link-title" title={t("publicLinkTitle")}>
            <p className="mb-3 text-sm text-zinc-600 dark:text-zinc-400">{t("publicLinkBody")}</p>
            <PublicLink url={publicUrl} shared={checklist.steps.some((s) => s.step === "share" && s.done)} />
          </CardSection>
        </div>
        <CardSection
          id="views-title"
          title={
            <>
              <Eye aria-hidden className="size-5" />
              {t("viewsTitle")}
            </>
          }
          titleClassName="flex items-center gap-2 text-lg font-semibold"
        >
          <p className="mt-2 text-4xl font-semibold tabular-nums" data-testid="dashboard-week-views">
            {format.number(views.thisWeek)}
          </p>
          <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400" data-testid="dashboard-week-change">
            {views.thisWeek === 0 && views.lastWeek === 0
              ? t("viewsEmpty")
              : change === null
                ? t("viewsNoLastWeek")
                : t("viewsChange", { change, lastWeek: views.lastWeek })}
          </p>
          <Link
            href="/admin/analytics"
            className="mt-3 inline-block text-sm font-medium text-brand-700 hover:underline dark:text-brand-400"
          >
            {t("viewsAnalytics")}
          </Link>
        </CardSection>
      </div>
      {(dashboard.recentLeads || dashboard.recentComments) && (
        <div className="mt-6 grid gap-6 lg:grid-cols-2">
          {dashboard.recentLeads && <RecentLeads leads={dashboard.recentLeads} />}
          {dashboard.recentComments && <RecentComments comments={dashboard.recentComments} />}
        </div>
      )}
    </>
  );
}
