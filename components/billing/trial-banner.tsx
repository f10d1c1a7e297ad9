"use client";

import { X } from "lucide-react";
import { useTranslations } from "next-intl";
import { useSyncExternalStore, useState } from "react";
import { BillingButton } from "@/components/billing/billing-button";

const DISMISSED = "afterglow.trialBannerDismissed";

const subscribe = () => () => undefined;
const readDismissed = () => sessionStorage.getItem(DISMISSED) === "1";

/**
 * The trial banner of the admin shell (spec §4): only while in trial, dismissible for the
 * browser session, the last-day message at 1 day left, "Subscribe now" opens checkout for
 * Premium (Professional). A failed payment shows its own banner (access goes on while Stripe
 * retries).
 */
export function TrialBanner({
  isInTrial,
  daysLeft,
  paymentFailed,
  canManage,
}: {
  isInTrial: boolean;
  daysLeft: number;
  paymentFailed: boolean;
  canManage: boolean;
}) {
  const t = useTranslations("billing.banner");
  // Read from sessionStorage after hydration; the server renders it hidden.
  const storedDismissed = useSyncExternalStore(subscribe, readDismissed, () => true);
  const [dismissed, setDismissed] = useState(false);

  if (paymentFailed) {
    return (
      <div
        role="alert"
        className="flex flex-wrap items-center justify-between gap-3 bg-red-50 px-4 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200"
      >
        <span>{t("paymentFailed")}</span>
        {canManage && (
          <BillingButton kind={{ action: "portal" }} size="sm" variant="secondary">
            {t("updatePayment")}
          </BillingButton>
        )}
      </div>
    );
  }
  if (!isInTrial || storedDismissed || dismissed) return null;
  return (
    <div
      role="status"
      data-testid="trial-banner"
      className="flex flex-wrap items-center justify-between gap-3 bg-brand-50 px-4 py-2 text-sm text-brand-800 dark:bg-brand-600/15 dark:text-brand-400"
    >
      <span>{daysLeft === 1 ? t("lastDay") : t("daysLeft", { days: daysLeft })}</span>
      <span className="flex items-center gap-2">
        {canManage && (
          <BillingButton kind={{ action: "checkout", tier: "professional" }} size="sm">
            {t("subscribe")}
          </BillingButton>
        )}
        <button
          type="button"
          aria-label={t("dismiss")}
          onClick={() => {
            sessionStorage.setItem(DISMISSED, "1");
            setDismissed(true);
          }}
          className="rounded-md p-1 hover:bg-brand-100 dark:hover:bg-brand-600/30"
        >
          <X aria-hidden className="size-4" />
        </button>
      </span>
    </div>
  );
}
