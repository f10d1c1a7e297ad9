import "server-only";
import { auditBilling } from "@/lib/features/billing/audit";
import { billingConfigured } from "@/lib/features/billing/stripe";
import { db } from "@/lib/core/db";
import { loadEffectivePlan, type TrialState } from "@/lib/platform/plans/effective";
import { countEventPhotos, getStorageUsage, type StorageUsage } from "@/lib/platform/plans/enforce";
import type { LimitTier } from "@/lib/platform/plans/limits";
import type { Membership } from "@/lib/platform/tenancy/membership";
import { assertCan, can } from "@/lib/platform/access/permissions";

/** The states the subscription page shows (spec §4 and the issue). */
export type SubscriptionStatus = "trialing" | "active" | "past_due" | "cancelled" | "none";

export interface SubscriptionOverview {
  plan: LimitTier;
  status: SubscriptionStatus;
  /** Renewal (active) or end (trial, cancelled) date. */
  periodEnd: Date | null;
  trial: TrialState;
  trialAvailable: boolean;
  usage: StorageUsage;
  /** The busiest event's photos, against Starter's per-event limit. */
  busiestEventPhotos: number;
  billingConfigured: boolean;
  hasBillingAccount: boolean;
  /** A Stripe subscription gives the plan: changing it goes through the portal, not a second checkout. */
  paying: boolean;
  canManage: boolean;
}

/** The effective plan and trial, for the admin shell's banner and the dashboard: read on every admin page, so kept light. */
export async function getPlanSummary(companyId: string, now = new Date()) {
  const [{ trial, plan }, row] = await Promise.all([
    loadEffectivePlan(db, companyId, now),
    db.subscription.findUnique({ where: { companyId }, select: { stripeStatus: true } }),
  ]);
  return { plan, trial, paymentFailed: row?.stripeStatus === "past_due" };
}

/** The subscription page's figures (spec §2); audited as `subscription_data_access` without personal data. */
export async function getSubscriptionOverview(
  membership: Membership,
  now = new Date(),
): Promise<SubscriptionOverview> {
  assertCan(membership, "billing.view");
  const companyId = membership.company.id;
  const [effective, row, usage, events] = await Promise.all([
    loadEffectivePlan(db, companyId, now),
    db.subscription.findUnique({ where: { companyId } }),
    getStorageUsage(companyId),
    db.event.findMany({
      where: { companyId },
      select: { id: true },
      orderBy: { createdAt: "desc" },
      take: 100,
    }),
  ]);
  const counts = await Promise.all(events.map((e) => countEventPhotos(db, companyId, e.id)));
  let status: SubscriptionStatus = "none";
  let periodEnd: Date | null = null;
  if (row?.subscribed) {
    status =
      row.stripeStatus === "past_due" ? "past_due" : row.stripeStatus === "trialing" ? "trialing" : "active";
    periodEnd = row.subscriptionEnd;
  } else if (effective.trial.isInTrial) {
    status = "trialing";
    periodEnd = row?.trialEnd ?? null;
  } else if (row?.stripeStatus === "canceled") {
    status = "cancelled";
    periodEnd = row.subscriptionEnd;
  }
  await auditBilling(membership, "view");
  return {
    plan: effective.plan,
    status,
    periodEnd,
    trial: effective.trial,
    trialAvailable: !row?.trialEnd && effective.plan === "starter",
    usage,
    busiestEventPhotos: counts.length ? Math.max(...counts) : 0,
    billingConfigured: billingConfigured(),
    hasBillingAccount: Boolean(row?.stripeCustomerId),
    paying: Boolean(row?.subscribed),
    canManage: can(membership, "billing.manage"),
  };
}
