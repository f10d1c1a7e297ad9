import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { PageHeader } from "@/components/admin/page-header";
import { PlanCards } from "@/components/billing/plan-cards";
import { SubscriptionSummary } from "@/components/billing/subscription-summary";
import { getSubscriptionOverview } from "@/lib/features/billing/overview";
import { requireMembership } from "@/lib/platform/tenancy/guard";

export async function generateMetadata({
  params,
}: PageProps<"/[locale]/admin/subscription">): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: "billing" });
  return { title: t("metaTitle") };
}

/**
 * Subscription (spec §2): the plan, its state and dates, usage against the plan's limits,
 * and the actions the state allows. Managers read; admins act. `?checkout=success|cancel`
 * only shows a message: the plan changes from Stripe's signed webhook, never from this URL.
 */
export default async function SubscriptionPage({
  params,
  searchParams,
}: PageProps<"/[locale]/admin/subscription">) {
  const { locale } = await params;
  setRequestLocale(locale);
  const membership = await requireMembership("billing.view");
  const [overview, t, search] = await Promise.all([
    getSubscriptionOverview(membership),
    getTranslations("billing"),
    searchParams,
  ]);
  const checkout = search.checkout === "success" || search.checkout === "cancel" ? search.checkout : null;
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <SubscriptionSummary overview={overview} checkout={checkout} />
      <PlanCards overview={overview} locale={locale} />
    </>
  );
}
