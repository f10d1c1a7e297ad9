import type { PrismaClient } from "@/lib/core/db-client";
import type { PlanTier, Prisma } from "@/lib/generated/prisma/client";
import { tierOf, type LimitTier } from "@/lib/platform/plans/limits";

type Db = PrismaClient | Prisma.TransactionClient;

/** Length of the free trial of Professional (spec §4 and §9: 5 days, once per company). */
export const TRIAL_DAYS = 5;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The trial fields of the subscriber record (spec §3). */
export interface TrialFields {
  trialActive: boolean;
  trialEnd: Date | null;
}

export interface TrialState {
  /** trial_active is set and trial_end is in the future (spec §4). */
  isInTrial: boolean;
  /** Days until trial_end rounded up, never below 0. */
  trialDaysLeft: number;
  /** One day left: the banner shows its last-day message. */
  lastDay: boolean;
}

/** Spec §4, with the clock injected so it can be tested. */
export function trialState(fields: TrialFields | null, now: Date): TrialState {
  const end = fields?.trialEnd;
  const isInTrial = Boolean(fields?.trialActive && end && end.getTime() > now.getTime());
  const trialDaysLeft = end ? Math.max(0, Math.ceil((end.getTime() - now.getTime()) / DAY_MS)) : 0;
  return {
    isInTrial,
    trialDaysLeft: isInTrial ? trialDaysLeft : 0,
    lastDay: isInTrial && trialDaysLeft === 1,
  };
}

export function trialEndFrom(now: Date): Date {
  return new Date(now.getTime() + TRIAL_DAYS * DAY_MS);
}

/**
 * The one rule for what a company may do now: the plan it holds from verified Stripe state
 * (or an operator's comp, both kept in `Company.plan`), or Professional while a trial is
 * active, else Starter. A trial never lowers a better paid plan.
 */
export function effectiveTier(storedPlan: PlanTier, trial: TrialFields | null, now: Date): LimitTier {
  const paid = tierOf[storedPlan];
  if (paid !== "starter") return paid;
  return trialState(trial, now).isInTrial ? "professional" : "starter";
}

export interface EffectivePlan {
  /** What the company pays for (or was given). */
  storedPlan: PlanTier;
  /** What it may use now: read this for limits and gates. */
  plan: LimitTier;
  trial: TrialState;
}

/** Reads the company's plan and trial and computes the effective plan (inside or outside a transaction). */
export async function loadEffectivePlan(db: Db, companyId: string, now = new Date()): Promise<EffectivePlan> {
  const company = await db.company.findUniqueOrThrow({
    where: { id: companyId },
    select: { plan: true, subscription: { select: { trialActive: true, trialEnd: true } } },
  });
  return {
    storedPlan: company.plan,
    plan: effectiveTier(company.plan, company.subscription, now),
    trial: trialState(company.subscription, now),
  };
}
