"use server";

import { getLocale } from "next-intl/server";
import { z } from "zod";
import { createCheckout, createPortal } from "@/lib/features/billing/checkout";
import { startTrial } from "@/lib/features/billing/trial";
import { isLocale, defaultLocale } from "@/lib/core/i18n/config";
import { adminAction } from "@/lib/platform/actions/admin-action";

/**
 * Billing actions (spec §7 start-trial, create-checkout, customer-portal): admins act,
 * managers read. Checkout and portal answer a URL the browser opens in a new tab; the plan
 * itself changes only from Stripe's signed webhook.
 */
const manage = { permission: "billing.manage" } as const;
const admin = [["/[locale]/admin", "layout"]] as const;

export const startTrialAction = adminAction(
  // The trial's plan brings the company's brand picks to its public pages.
  { ...manage, schema: z.tuple([]), revalidate: { paths: admin, company: true } },
  async ({ membership }) => {
    const trial = await startTrial(membership);
    return { trialDaysLeft: trial.trialDaysLeft };
  },
);

export const createCheckoutAction = adminAction(
  { ...manage, schema: z.tuple([z.enum(["professional", "enterprise"])]) },
  async ({ membership }, tier) => {
    const locale = await getLocale();
    return createCheckout(membership, tier, isLocale(locale) ? locale : defaultLocale);
  },
);

export const createPortalAction = adminAction({ ...manage, schema: z.tuple([]) }, async ({ membership }) =>
  createPortal(membership),
);
