import { db } from "@/lib/core/db";
import { AppError } from "@/lib/core/errors";
import type { PlanTier } from "@/lib/generated/prisma/enums";
import { loadEffectivePlan } from "@/lib/platform/plans/effective";
import { lowestTierWith, planIncludes, type LimitTier, type PlanFeature } from "@/lib/platform/plans/limits";

/** Where every plan refusal points. */
export const SUBSCRIPTION_PATH = "/admin/subscription";

/** "The {feature} feature needs the {required} plan; your company is on {plan}. See {link}." */
export const PLAN_GATE_MESSAGE = "plans.errors.feature";

/**
 * The server-side plan gate, beside the permission check (`lib/platform/access/permissions.ts`): a
 * role says who may act, the plan what the company bought. Pure: pass the effective plan.
 */
export function planAllows(plan: LimitTier | PlanTier, feature: PlanFeature): boolean {
  return planIncludes(plan, feature);
}

/** The 403 of a feature the plan does not include; names both plans and links to the subscription page. */
export function planRefusal(plan: LimitTier, feature: PlanFeature): AppError {
  return new AppError("forbidden", PLAN_GATE_MESSAGE, {
    values: { feature, plan, required: lowestTierWith(feature), link: SUBSCRIPTION_PATH },
  });
}

/** Throws unless the company's effective plan (paid, comped or trial) includes `feature`. */
export async function assertPlanAllows(
  companyId: string,
  feature: PlanFeature,
  now = new Date(),
): Promise<void> {
  const { plan } = await loadEffectivePlan(db, companyId, now);
  if (!planAllows(plan, feature)) throw planRefusal(plan, feature);
}
