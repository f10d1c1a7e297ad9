import type { Metadata } from "next";
import { Download, FileCheck2, Files, UserPlus } from "lucide-react";
import Link from "next/link";
import { getFormatter, getTranslations, setRequestLocale } from "next-intl/server";
import { PageHeader } from "@/components/admin/page-header";
import { getDashboardTotals } from "@/lib/dashboard/queries";
import { getPlanSummary } from "@/lib/billing/overview";
import { requireMembership } from "@/lib/tenancy/guard";

export async function generateMetadata({ params }: PageProps<"/[locale]/admin">): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: "admin.dashboard" });
  return { title: t("metaTitle") };
}

/** Dashboard: the company's totals of content, published content, downloads and leads. */
export default async function DashboardPage({ params }: PageProps<"/[locale]/admin">) {
  const { locale } = await params;
  setRequestLocale(locale);
  const membership = await requireMembership();
  const [totals, effective] = await Promise.all([
    getDashboardTotals(membership.company.id),
    getPlanSummary(membership.company.id),
  ]);
  const t = await getTranslations("admin.dashboard");
  const tb = await getTranslations();
  const format = await getFormatter();
  const cards = [
    { key: "contents", value: totals.contents, Icon: Files },
    { key: "publishedContents", value: totals.publishedContents, Icon: FileCheck2 },
    { key: "downloads", value: totals.downloads, Icon: Download },
    { key: "leads", value: totals.leads, Icon: UserPlus },
  ] as const;

  return (
    <>
      <PageHeader title={t("title")} description={t("welcome", { name: membership.displayName })} />
      <p className="mb-6 text-sm" data-testid="dashboard-plan">
        <Link href="/admin/subscription" className="font-medium text-brand-600 hover:underline">
          {tb("billing.dashboard.plan")}: {tb(`plans.names.${effective.plan}`)}
        </Link>
        {effective.trial.isInTrial && (
          <span className="ml-2 text-zinc-600 dark:text-zinc-400">
            · {tb("billing.dashboard.trialDaysLeft", { days: effective.trial.trialDaysLeft })}
          </span>
        )}
      </p>
      <section aria-labelledby="totals-title">
        <h2 id="totals-title" className="sr-only">
          {t("totals")}
        </h2>
        <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          {cards.map(({ key, value, Icon }) => (
            <div
              key={key}
              className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-zinc-200 dark:bg-ink-800 dark:ring-zinc-800"
            >
              <dt className="flex items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400">
                <Icon aria-hidden className="size-4" />
                {t(key)}
              </dt>
              <dd className="mt-2 text-3xl font-semibold tabular-nums" data-testid={`total-${key}`}>
                {format.number(value)}
              </dd>
            </div>
          ))}
        </dl>
      </section>
    </>
  );
}
