import { Check } from "lucide-react";
import { getFormatter, getTranslations } from "next-intl/server";
import { BillingButton } from "@/components/billing/billing-button";
import { Card } from "@/components/ui/card";
import type { SubscriptionOverview } from "@/lib/features/billing/overview";
import { resolveLocale } from "@/lib/core/i18n/config";
import {
  EVERY_PLAN_FEATURES,
  formatBytes,
  LIMIT_TIERS,
  PLANS,
  planPrice,
  type LimitTier,
} from "@/lib/platform/plans/limits";

/**
 * The plans side by side, the company's own picked out, each with its price in the reader's
 * language and its features; an admin subscribes from here (the portal once paying).
 */
export async function PlanCards({ overview, locale }: { overview: SubscriptionOverview; locale: string }) {
  const [t, tp, format] = await Promise.all([
    getTranslations("billing"),
    getTranslations("plans"),
    getFormatter(),
  ]);
  const viewer = resolveLocale(locale);
  const price = (tier: LimitTier) => {
    if (tier === "starter") return t("free");
    const p = planPrice(tier, viewer);
    return t("perMonth", {
      price: format.number(p.amount / 100, { style: "currency", currency: p.currency.toUpperCase() }),
    });
  };
  return (
    <section aria-label={t("title")} className="mt-6 grid gap-4 md:grid-cols-3">
      {LIMIT_TIERS.map((tier) => (
        <Card key={tier} data-testid={`plan-${tier}`} tone={tier === overview.plan ? "selected" : "panel"}>
          <h3 className="text-lg font-semibold">{tp(`names.${tier}`)}</h3>
          <p className="text-zinc-600 dark:text-zinc-400">{price(tier)}</p>
          <ul className="mt-3 space-y-1 text-sm">
            <li>{formatBytes(Number(PLANS[tier].storageBytes))}</li>
            {[...EVERY_PLAN_FEATURES, ...PLANS[tier].features].map((feature) => (
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
        </Card>
      ))}
    </section>
  );
}
