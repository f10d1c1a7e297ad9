import type { Metadata } from "next";
import { Check } from "lucide-react";
import { getFormatter, getTranslations, setRequestLocale } from "next-intl/server";
import { PageHeader } from "@/components/admin/page-header";
import { BillingButton } from "@/components/billing/billing-button";
import { getSubscriptionOverview } from "@/lib/features/billing/overview";
import { isLocale, defaultLocale } from "@/lib/core/i18n/config";
import { formatBytes, LIMIT_TIERS, PLANS, planPrice, type LimitTier } from "@/lib/platform/plans/limits";
import { requireMembership } from "@/lib/platform/tenancy/guard";
import { cn } from "@/lib/core/merge-classes";

export async function generateMetadata({
  params,
}: PageProps<"/[locale]/admin/subscription">): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: "billing" });
  return { title: t("metaTitle") };
}

const card = "rounded-2xl bg-white p-5 shadow-sm ring-1 ring-zinc-200 dark:bg-ink-800 dark:ring-zinc-800";

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
  const viewer = isLocale(locale) ? locale : defaultLocale;
  const membership = await requireMembership("billing.view");
  const [overview, t, tp, format, search] = await Promise.all([
    getSubscriptionOverview(membership),
    getTranslations("billing"),
    getTranslations("plans"),
    getFormatter(),
    searchParams,
  ]);
  const checkout = search.checkout === "success" || search.checkout === "cancel" ? search.checkout : null;
  const date = (d: Date) => format.dateTime(d, { dateStyle: "long" });
  const dateLine =
    overview.periodEnd &&
    (overview.status === "trialing"
      ? t("trialEnds", { date: date(overview.periodEnd) })
      : overview.status === "active" || overview.status === "past_due"
        ? t("renews", { date: date(overview.periodEnd) })
        : t("ends", { date: date(overview.periodEnd) }));
  const { usage } = overview;
  const price = (tier: LimitTier) => {
    if (tier === "starter") return t("free");
    const p = planPrice(tier, viewer);
    return t("perMonth", {
      price: format.number(p.amount / 100, { style: "currency", currency: p.currency.toUpperCase() }),
    });
  };

  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      {checkout && (
        <p role="status" data-testid={`checkout-${checkout}`} className={cn(card, "mb-6")}>
          {t(checkout === "success" ? "checkoutSuccess" : "checkoutCancel")}
        </p>
      )}
      {!overview.billingConfigured && (
        <p
          role="note"
          data-testid="billing-not-configured"
          className="mb-6 rounded-xl bg-amber-50 p-4 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200"
        >
          {t("errors.notConfigured")}
        </p>
      )}
      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="plan-title" className={card}>
          <h2 id="plan-title" className="text-sm text-zinc-600 dark:text-zinc-400">
            {t("currentPlan")}
          </h2>
          <p className="mt-1 text-2xl font-semibold" data-testid="current-plan">
            {tp(`names.${overview.plan}`)}
          </p>
          <p className="mt-2 text-sm">
            {t("statusLabel")}:{" "}
            <span data-testid="subscription-status">{t(`status.${overview.status}`)}</span>
            {dateLine && <span className="block text-zinc-600 dark:text-zinc-400">{dateLine}</span>}
          </p>
          {overview.canManage ? (
            <div className="mt-4 flex flex-wrap gap-2">
              {overview.trialAvailable && (
                <BillingButton kind={{ action: "trial" }}>{t("startTrial")}</BillingButton>
              )}
              {overview.hasBillingAccount && (
                <BillingButton kind={{ action: "portal" }} variant="secondary">
                  {t("manage")}
                </BillingButton>
              )}
            </div>
          ) : (
            <p className="mt-4 text-sm text-zinc-600 dark:text-zinc-400">{t("managersRead")}</p>
          )}
        </section>
        <section aria-labelledby="usage-title" className={card}>
          <h2 id="usage-title" className="text-sm text-zinc-600 dark:text-zinc-400">
            {t("usage")}
          </h2>
          <p className="mt-2">
            {tp("storage")}:{" "}
            {tp("usedOf", { used: formatBytes(usage.usedBytes), quota: formatBytes(usage.quotaBytes) })}
          </p>
          <div className="mt-2 h-2 rounded-full bg-zinc-100 dark:bg-zinc-700" aria-hidden>
            <div className="h-2 rounded-full bg-brand-600" style={{ width: `${usage.percent}%` }} />
          </div>
          <p className="mt-3 text-sm">
            {usage.photosPerEvent === null
              ? t("photosUnlimited", { count: overview.busiestEventPhotos })
              : t("photosPerEvent", { count: overview.busiestEventPhotos, limit: usage.photosPerEvent })}
          </p>
        </section>
      </div>
      <section aria-label={t("title")} className="mt-6 grid gap-4 md:grid-cols-3">
        {LIMIT_TIERS.map((tier) => (
          <div
            key={tier}
            data-testid={`plan-${tier}`}
            className={cn(card, tier === overview.plan && "ring-2 ring-brand-600")}
          >
            <h3 className="text-lg font-semibold">{tp(`names.${tier}`)}</h3>
            <p className="text-zinc-600 dark:text-zinc-400">{price(tier)}</p>
            <ul className="mt-3 space-y-1 text-sm">
              <li>{formatBytes(Number(PLANS[tier].storageBytes))}</li>
              {PLANS[tier].features.map((feature) => (
                <li key={feature} className="flex items-center gap-2">
                  <Check aria-hidden className="size-4 text-brand-600" />
                  {t(`features.${feature}`)}
                </li>
              ))}
            </ul>
            <div className="mt-4">
              {tier === overview.plan ? (
                <span className="text-sm font-medium text-brand-600">{t("current")}</span>
              ) : (
                tier !== "starter" &&
                overview.canManage && (
                  <BillingButton
                    kind={overview.paying ? { action: "portal" } : { action: "checkout", tier }}
                    variant={tier === "professional" ? "primary" : "secondary"}
                  >
                    {t("subscribe", { plan: tp(`names.${tier}`) })}
                  </BillingButton>
                )
              )}
            </div>
          </div>
        ))}
      </section>
    </>
  );
}
