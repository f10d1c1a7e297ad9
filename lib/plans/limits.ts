import { env } from "@/lib/env";
import type { PlanTier } from "@/lib/generated/prisma/enums";
export { formatBytes } from "@/lib/media/format";

/**
 * What each plan allows (spec §1 and §9). The marketing tiers are Starter, Professional and
 * Enterprise; the data also knows Basic and Premium:
 * - Basic is treated as Starter (an entry tier by name, with no published limits of its own);
 * - Premium is treated as Professional: it is what "Subscribe now" buys and what a trial shows,
 *   and the marketing page sells Professional with the free trial.
 */
export interface PlanLimits {
  /** Total stored bytes (originals and every rendition). */
  storageBytes: bigint;
  /** Photos per event, or null when unlimited. */
  photosPerEvent: number | null;
  /** Largest single video or audio file, in bytes. */
  mediaFileBytes: number;
}

export const MB = 1024 * 1024;
export const GB = 1024 * MB;

/** Images and documents: at most 10 MB whatever the plan (spec §5). */
export const IMAGE_DOCUMENT_MAX_BYTES = 10 * MB;

type LimitTier = "starter" | "professional" | "enterprise";

const tierOf: Record<PlanTier, LimitTier> = {
  starter: "starter",
  basic: "starter",
  professional: "professional",
  premium: "professional",
  enterprise: "enterprise",
};

const base: Record<LimitTier, Omit<PlanLimits, "mediaFileBytes">> = {
  starter: { storageBytes: BigInt(GB), photosPerEvent: 50 },
  professional: { storageBytes: 50n * BigInt(GB), photosPerEvent: null },
  enterprise: { storageBytes: 500n * BigInt(GB), photosPerEvent: null },
};

const mediaFileMb: Record<LimitTier, number> = {
  starter: env.PLAN_STARTER_MEDIA_FILE_MB,
  professional: env.PLAN_PROFESSIONAL_MEDIA_FILE_MB,
  enterprise: env.PLAN_ENTERPRISE_MEDIA_FILE_MB,
};

export function planLimits(plan: PlanTier): PlanLimits {
  const tier = tierOf[plan];
  return { ...base[tier], mediaFileBytes: mediaFileMb[tier] * MB };
}
