import "server-only";
import { auditBilling } from "@/lib/features/billing/audit";
import { db } from "@/lib/core/db";
import { AppError } from "@/lib/core/errors";
import { trialEndFrom, trialState, type TrialState } from "@/lib/platform/plans/effective";
import { tierOf } from "@/lib/platform/plans/limits";
import type { Membership } from "@/lib/platform/tenancy/membership";
import { assertCan } from "@/lib/platform/access/permissions";

export const TRIAL_ERRORS = {
  /** A company gets one trial (spec §4). */
  alreadyUsed: "billing.errors.trialAlreadyUsed",
  /** A paying company has nothing to try. */
  alreadySubscribed: "billing.errors.alreadySubscribed",
} as const;

/**
 * Starts the company's one 5-day trial of Professional (spec §4, §7 start-trial). One
 * transaction holding a per-company lock: two clicks at the same moment start one trial and
 * the second is refused. The trial is used up for good once started (`trialEnd` stays set).
 */
export async function startTrial(
  membership: Membership,
  now = new Date(),
): Promise<TrialState & { trialEnd: Date }> {
  assertCan(membership, "billing.manage");
  const companyId = membership.company.id;
  const trialEnd = await db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`billing:${companyId}`}, 0))`;
    const company = await tx.company.findUniqueOrThrow({
      where: { id: companyId },
      select: { plan: true, subscription: { select: { trialEnd: true } } },
    });
    if (company.subscription?.trialEnd) throw new AppError("conflict", TRIAL_ERRORS.alreadyUsed);
    if (tierOf[company.plan] !== "starter") throw new AppError("conflict", TRIAL_ERRORS.alreadySubscribed);
    const end = trialEndFrom(now);
    await tx.subscription.upsert({
      where: { companyId },
      create: { companyId, email: membership.email, trialActive: true, trialEnd: end },
      update: { trialActive: true, trialEnd: end },
    });
    return end;
  });
  await auditBilling(membership, "start_trial");
  return { ...trialState({ trialActive: true, trialEnd }, now), trialEnd };
}
