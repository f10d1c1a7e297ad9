import { db as appDb } from "@/lib/core/db";
import type { PrismaClient } from "@/lib/core/db-client";
import type { PlanTier, Prisma } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/core/errors";
import { formatBytes } from "@/lib/core/format";
import { loadEffectivePlan } from "@/lib/platform/plans/effective";
import { planAllows, planRefusal } from "@/lib/platform/plans/gate";
import { planLimits, type PlanFeature } from "@/lib/platform/plans/limits";

type Db = PrismaClient | Prisma.TransactionClient;

export const PLAN_ERRORS = {
  /** "Your plan allows up to {limit} photos per event" */
  photosPerEvent: "plans.errors.photosPerEvent",
  /** "Not enough storage: your plan includes {quota}" */
  storageQuota: "plans.errors.storageQuota",
} as const;

/** Throws unless the company's effective plan (paid, comped or trial) includes `feature`. */
export async function assertPlanAllows(
  companyId: string,
  feature: PlanFeature,
  now = new Date(),
): Promise<void> {
  const { plan } = await loadEffectivePlan(appDb, companyId, now);
  if (!planAllows(plan, feature)) throw planRefusal(plan, feature);
}

/**
 * Serialises plan checks of one company inside the caller's transaction, so two uploads
 * announced at the same moment cannot both take the 50th photo slot. Released at commit.
 */
export async function lockCompanyQuota(tx: Prisma.TransactionClient, companyId: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`quota:${companyId}`}, 0))`;
}

/**
 * Reserves `bytes` of the plan's storage with one conditional increment: the row is updated
 * only while the total stays within the quota, so concurrent reservations can never overshoot.
 * Uploads reserve their announced size; renditions are added when processing ends.
 */
export async function reserveStorage(db: Db, companyId: string, bytes: bigint): Promise<void> {
  // The effective plan (a trial included), read inside the caller's transaction.
  const { plan } = await loadEffectivePlan(db, companyId);
  const quota = planLimits(plan).storageBytes;
  const { count } = await db.company.updateMany({
    where: { id: companyId, storageUsedBytes: { lte: quota - bytes } },
    data: { storageUsedBytes: { increment: bytes } },
  });
  if (count === 0) {
    throw new AppError("forbidden", PLAN_ERRORS.storageQuota, {
      values: { quota: formatBytes(quota), plan },
    });
  }
}

/** Gives bytes back (deleted or abandoned media). */
export async function releaseStorage(db: Db, companyId: string, bytes: bigint): Promise<void> {
  if (bytes === 0n) return;
  await db.company.update({ where: { id: companyId }, data: { storageUsedBytes: { decrement: bytes } } });
}

/** Photos that count against an event's limit: every photo of its contents that has not failed. */
export function countEventPhotos(db: Db, companyId: string, eventId: string): Promise<number> {
  return db.mediaFile.count({
    where: {
      companyId,
      kind: "photo",
      state: { not: "failed" },
      content: { events: { some: { eventId } } },
    },
  });
}

/**
 * Refuses when adding `adding` photos to each of `eventIds` would pass the plan's photos per
 * event (Starter: 50). Call inside a transaction holding `lockCompanyQuota`.
 */
export async function assertPhotoRoom(
  db: Db,
  companyId: string,
  eventIds: readonly string[],
  adding: number,
): Promise<void> {
  if (adding <= 0) return;
  // The effective plan (a trial included), read inside the caller's transaction.
  const { plan } = await loadEffectivePlan(db, companyId);
  const limit = planLimits(plan).photosPerEvent;
  if (limit === null) return;
  for (const eventId of eventIds) {
    const count = await countEventPhotos(db, companyId, eventId);
    if (count + adding > limit)
      throw new AppError("forbidden", PLAN_ERRORS.photosPerEvent, { values: { limit, plan } });
  }
}

export interface StorageUsage {
  plan: PlanTier;
  usedBytes: number;
  quotaBytes: number;
  /** 0..100, rounded down, for the meter. */
  percent: number;
  photosPerEvent: number | null;
  mediaFileBytes: number;
}

/** The storage meter's figures. */
export async function getStorageUsage(companyId: string): Promise<StorageUsage> {
  const company = await appDb.company.findUniqueOrThrow({
    where: { id: companyId },
    select: { storageUsedBytes: true },
  });
  const { plan } = await loadEffectivePlan(appDb, companyId);
  const limits = planLimits(plan);
  const used = company.storageUsedBytes > 0n ? company.storageUsedBytes : 0n;
  return {
    plan,
    usedBytes: Number(used),
    quotaBytes: Number(limits.storageBytes),
    percent: Math.min(100, Number((used * 100n) / limits.storageBytes)),
    photosPerEvent: limits.photosPerEvent,
    mediaFileBytes: limits.mediaFileBytes,
  };
}
