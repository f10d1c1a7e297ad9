import { getFormatter, getTranslations } from "next-intl/server";
import { BillingButton } from "@/components/billing/billing-button";
import { Card, CardSection } from "@/components/ui/card";
import type { SubscriptionOverview } from "@/lib/features/billing/overview";
import { formatBytes } from "@/lib/platform/plans/limits";

/**
 * The subscription's state (spec §2): the checkout's outcome when coming back from Stripe, a
 * note when billing is not set up, then the plan with its status, dates and actions (admins
 * act, managers read) beside the usage against the plan's limits.
 */
export async function SubscriptionSummary({
  overview,
  checkout,
}: {
  overview: SubscriptionOverview;
  checkout: "success" | "cancel" | null;
}) {
  const [t, tp, format] = await Promise.all([
    getTranslations("billing"),
    getTranslations("plans"),
    getFormatter(),
  ]);
  const date = (d: Date) => format.dateTime(d, { dateStyle: "long" });
  const dateLine =
    overview.periodEnd &&
    (overview.status === "trialing"
      ? t("trialEnds", { date: date(overview.periodEnd) })
      : overview.status === "active" || overview.status === "past_due"
        ? t("renews", { date: date(overview.periodEnd) })
        : t("ends", { date: date(overview.periodEnd) }));
  const { usage } = overview;
  return (
    <>
      {checkout && (
        <Card asChild className="mb-6">
          <p role="status" data-testid={`checkout-${checkout}`}>
            {t(checkout === "success" ? "checkoutSuccess" : "checkoutCancel")}
          </p>
        </Card>
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
        <CardSection
          id="plan-title"
          title={t("currentPlan")}
          titleClassName="text-sm text-zinc-600 dark:text-zinc-400"
        >
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
        </CardSection>
        <CardSection
          id="usage-title"
          title={t("usage")}
          titleClassName="text-sm text-zinc-600 dark:text-zinc-400"
        >
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
        </CardSection>
      </div>
    </>
  );
}
