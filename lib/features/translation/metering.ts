import { db } from "@/lib/core/db";
import { loadEffectivePlan } from "@/lib/platform/plans/effective";
import { LIMIT_TIERS, PLANS, type LimitTier } from "@/lib/platform/plans/limits";
import {
  ALLOWANCE_EXHAUSTED,
  meterOf,
  planCharge,
  usageMonthKey,
  type TranslationMeter,
} from "@/lib/features/translation/allowance";

/**
 * The monthly translation allowance in the database: `TranslationUsage` holds the characters
 * sent per company per calendar month (UTC), and each version records the source hash it was
 * counted for (`TextTranslation.chargedHash`), so a retried run counts nothing again.
 */

/** One version a run is about to send, with the source hash it would be translated from. */
export interface RunVersion {
  id: string;
  text: string;
  hash: string;
}

export interface ChargeOutcome {
  /** The versions to send now. */
  send: Set<string>;
  /** How many wait for the allowance (kept pending, marked with `ALLOWANCE_EXHAUSTED`). */
  waiting: number;
}

/**
 * Counts a run's new characters against the company's allowance for this month, in one
 * transaction that holds the month's usage row locked: runs of the company in parallel (one
 * per target language) take turns, so the total never passes the allowance. Versions that do
 * not fit stay pending with the "allowance used up" mark (the schedule tries them again, and
 * next month's allowance or a larger plan lets them through); the ones counted record their
 * source hash, so a retry of this run sends them without counting them twice.
 */
export async function chargeRun(
  companyId: string,
  versions: readonly RunVersion[],
  now = new Date(),
): Promise<ChargeOutcome> {
  if (versions.length === 0) return { send: new Set(), waiting: 0 };
  const month = usageMonthKey(now);
  return db.$transaction(async (tx) => {
    const { plan } = await loadEffectivePlan(tx, companyId, now);
    const allowance = PLANS[plan].translationCharsPerMonth;
    await tx.$executeRaw`
      INSERT INTO translation_usage ("companyId", month, characters, "updatedAt")
      VALUES (${companyId}, ${month}::date, 0, now())
      ON CONFLICT ("companyId", month) DO NOTHING`;
    const [usage] = await tx.$queryRaw<{ characters: number }[]>`
      SELECT characters FROM translation_usage
      WHERE "companyId" = ${companyId} AND month = ${month}::date
      FOR UPDATE`;
    // Read under the lock: a run that counted these versions meanwhile is seen.
    const counted = await tx.textTranslation.findMany({
      where: { companyId, id: { in: versions.map((v) => v.id) } },
      select: { id: true, chargedHash: true },
    });
    const chargedHash = new Map(counted.map((row) => [row.id, row.chargedHash]));
    const decided = planCharge(
      versions.map((v) => ({ id: v.id, text: v.text, charged: chargedHash.get(v.id) === v.hash })),
      allowance - (usage?.characters ?? 0),
    );
    if (decided.characters > 0) {
      await tx.$executeRaw`
        UPDATE translation_usage SET characters = characters + ${decided.characters}, "updatedAt" = now()
        WHERE "companyId" = ${companyId} AND month = ${month}::date`;
    }
    const byId = new Map(versions.map((v) => [v.id, v]));
    for (const id of decided.charged) {
      const { hash } = byId.get(id)!;
      // Raw, so `updatedAt` stays: the run's last attempt marks failed what it saw by that time.
      await tx.$executeRaw`
        UPDATE text_translation SET "chargedHash" = ${hash}
        WHERE id = ${id} AND "companyId" = ${companyId} AND "sourceHash" = ${hash}`;
    }
    if (decided.waiting.length > 0) {
      // Marked once (an unchanged mark keeps its place in the queue).
      await tx.textTranslation.updateMany({
        where: {
          companyId,
          id: { in: decided.waiting },
          state: "pending",
          OR: [{ error: null }, { error: { not: ALLOWANCE_EXHAUSTED } }],
        },
        data: { error: ALLOWANCE_EXHAUSTED },
      });
    }
    return { send: new Set(decided.send), waiting: decided.waiting.length };
  });
}

export interface CompanyTranslationMeter extends TranslationMeter {
  plan: LimitTier;
  /** A larger plan exists (the meter links to the subscription page). */
  canGrow: boolean;
}

/** The meter of Settings → Languages: this month's characters, the allowance, what waits. */
export async function getTranslationMeter(
  companyId: string,
  now = new Date(),
): Promise<CompanyTranslationMeter> {
  const [{ plan }, usage, waiting] = await Promise.all([
    loadEffectivePlan(db, companyId, now),
    db.$queryRaw<{ characters: number }[]>`
      SELECT characters FROM translation_usage
      WHERE "companyId" = ${companyId} AND month = ${usageMonthKey(now)}::date`,
    db.textTranslation.count({
      where: { companyId, origin: "automatic", state: "pending", error: ALLOWANCE_EXHAUSTED },
    }),
  ]);
  return {
    ...meterOf(usage[0]?.characters ?? 0, PLANS[plan].translationCharsPerMonth, waiting, now),
    plan,
    canGrow: LIMIT_TIERS.indexOf(plan) < LIMIT_TIERS.length - 1,
  };
}
