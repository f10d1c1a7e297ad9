import { AppError } from "@/lib/core/errors";
import type { PlanTier } from "@/lib/generated/prisma/enums";
import { LIMIT_TIERS, PLANS, tierOf, type LimitTier, type PlanFeature } from "@/lib/platform/plans/limits";

/** Where every plan refusal points. */
export const SUBSCRIPTION_PATH = "/admin/subscription";

/** "The {feature} feature needs the {required} plan; your company is on {plan}. See {link}." */
export const PLAN_GATE_MESSAGE = "plans.errors.feature";

/**
 * The server-side plan gate, beside the permission check (`lib/platform/access/permissions.ts`): a
 * role says who may act, the plan what the company bought. Pure: pass the effective plan. No
 * database client here, so the proxy's routing table asks it too; `assertPlanAllows`
 * (`lib/platform/plans/enforce.ts`) loads the effective plan and asks it.
 */
export function planAllows(plan: LimitTier | PlanTier, feature: PlanFeature): boolean {
  return PLANS[tierOf[plan]].features.includes(feature);
}

/** The cheapest tier that includes `feature` (named in the refusal message). */
function lowestTierWith(feature: PlanFeature): LimitTier {
  return LIMIT_TIERS.find((tier) => planAllows(tier, feature)) ?? "enterprise";
}

/** The 403 of a feature the plan does not include; names both plans and links to the subscription page. */
export function planRefusal(plan: LimitTier, feature: PlanFeature): AppError {
  return new AppError("forbidden", PLAN_GATE_MESSAGE, {
    values: { feature, plan, required: lowestTierWith(feature), link: SUBSCRIPTION_PATH },
  });
}
