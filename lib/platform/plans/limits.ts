import { env } from "@/lib/core/env";
import type { PlanTier } from "@/lib/generated/prisma/enums";
import type { Locale } from "@/lib/core/i18n/config";
export { formatBytes } from "@/lib/core/format";

/**
 * The one plan table (spec §1 and §9): limits, features and prices of each tier. The
 * marketing tiers are Starter, Professional and Enterprise; the data also knows Basic and
 * Premium:
 * - Basic is treated as Starter (an entry tier by name, with no published limits of its own);
 * - Premium is treated as Professional: it is what "Subscribe now" buys and what a trial shows
 *   (the spec's "Checkout plan: premium"), and the marketing page sells Professional.
 * Everything that asks "what may this company do" reads this table through the company's
 * effective plan (`lib/platform/plans/effective.ts`), never `Company.plan` alone.
 */
export interface PlanLimits {
  /** Total stored bytes (originals and every rendition). */
  storageBytes: bigint;
  /** Photos per event, or null when unlimited. */
  photosPerEvent: number | null;
  /** Largest single video or audio file, in bytes. */
  mediaFileBytes: number;
  /**
   * Characters sent to the automatic-translation engine per calendar month (UTC): each source
   * text's characters once per target language (lib/features/translation/metering.ts).
   */
  translationCharsPerMonth: number;
}

export const MB = 1024 * 1024;
export const GB = 1024 * MB;

/** Images and documents: at most 10 MB whatever the plan (spec §5). */
export const IMAGE_DOCUMENT_MAX_BYTES = 10 * MB;

/** The three tiers that exist for limits, features and prices. */
export type LimitTier = "starter" | "professional" | "enterprise";
export const LIMIT_TIERS: readonly LimitTier[] = ["starter", "professional", "enterprise"];
/** The tiers a company can buy (Starter is free: there is nothing to check out). */
export type PaidTier = Exclude<LimitTier, "starter">;
export const PAID_TIERS: readonly PaidTier[] = ["professional", "enterprise"];

export const tierOf: Record<PlanTier, LimitTier> = {
  starter: "starter",
  basic: "starter",
  professional: "professional",
  premium: "professional",
  enterprise: "enterprise",
};

/** Features a plan may or may not include; a feature that does not exist yet is still gated. */
export type PlanFeature =
  | "qrCodes"
  | "galleryReview"
  | "customBranding"
  | "customDomains"
  | "multipleBrands"
  | "api"
  | "whiteLabel"
  /** Burned-in watermarks and sponsor marks on galleries (issue #36): an organiser's product, sold as such. */
  | "watermarks"
  /** Signed outgoing webhooks (issue #38): leads and other events pushed to the organiser's tools. */
  | "webhooks";
export const PLAN_FEATURES: readonly PlanFeature[] = [
  "qrCodes",
  "galleryReview",
  "customBranding",
  "watermarks",
  "webhooks",
  "customDomains",
  "multipleBrands",
  "api",
  "whiteLabel",
];

/**
 * What every plan includes, named on the pricing and subscription pages (issue #36). Not gated:
 * they protect fans and artists (a password on a manager's preview or on a private event, a date
 * after which a gallery closes, what may be downloaded), and privacy is not something to sell by
 * the tier.
 */
export const EVERY_PLAN_FEATURES = ["privateGalleries", "downloadRules"] as const;

/** Monthly price in integer minor units (cents) with its ISO currency. */
export interface Price {
  amount: number;
  currency: "brl" | "usd" | "eur";
}

interface PlanRow {
  storageBytes: bigint;
  photosPerEvent: number | null;
  translationCharsPerMonth: number;
  features: readonly PlanFeature[];
  /** Per locale (spec §9: pt R$, en $, es/fr €); null for the free tier. */
  prices: Record<Locale, Price> | null;
}

/**
 * Review before publishing (issue #36) is a working tool of a professional team (an artist's
 * and a sponsor's sign-off), so it is Professional, like the QR codes of a campaign; so are
 * watermarks and sponsor marks (issue #36), a product an organiser sells; and so are webhooks
 * (issue #38): the leads reaching the organiser's own marketing tools as they come.
 */
const professionalFeatures: readonly PlanFeature[] = [
  "qrCodes",
  "galleryReview",
  "customBranding",
  "customDomains",
  "watermarks",
  "webhooks",
];

const monthly = (brl: number, usd: number, eur: number): Record<Locale, Price> => ({
  pt: { amount: brl * 100, currency: "brl" },
  en: { amount: usd * 100, currency: "usd" },
  es: { amount: eur * 100, currency: "eur" },
  fr: { amount: eur * 100, currency: "eur" },
});

/*
 * Translation allowances (the spec names none): sized so that, on a paid engine (DeepL's API
 * costs about €20 per million characters), a month's allowance costs well under the plan's
 * price — Professional ≈ €5 of €12, Enterprise ≈ €20 of €37 — and Starter, which pays
 * nothing, still gets its company texts and a few events' texts into the three other languages
 * (a 5,000-character field saved once costs 15,000).
 */
export const PLANS: Record<LimitTier, PlanRow> = {
  starter: {
    storageBytes: BigInt(GB),
    photosPerEvent: 50,
    translationCharsPerMonth: 30_000,
    features: [],
    prices: null,
  },
  professional: {
    storageBytes: 50n * BigInt(GB),
    photosPerEvent: null,
    translationCharsPerMonth: 250_000,
    features: professionalFeatures,
    prices: monthly(49, 12, 12),
  },
  enterprise: {
    storageBytes: 500n * BigInt(GB),
    photosPerEvent: null,
    translationCharsPerMonth: 1_000_000,
    features: [...professionalFeatures, "multipleBrands", "api", "whiteLabel"],
    prices: monthly(149, 37, 37),
  },
};

/** The per-file media limits stay configurable (env), as before the table existed. */
const mediaFileMb: Record<LimitTier, number> = {
  starter: env.PLAN_STARTER_MEDIA_FILE_MB,
  professional: env.PLAN_PROFESSIONAL_MEDIA_FILE_MB,
  enterprise: env.PLAN_ENTERPRISE_MEDIA_FILE_MB,
};

export function planLimits(plan: PlanTier): PlanLimits {
  const tier = tierOf[plan];
  const { storageBytes, photosPerEvent, translationCharsPerMonth } = PLANS[tier];
  return { storageBytes, photosPerEvent, mediaFileBytes: mediaFileMb[tier] * MB, translationCharsPerMonth };
}

export function planPrice(tier: PaidTier, locale: Locale): Price {
  // Paid tiers always carry prices (the table's type allows null only for Starter).
  return PLANS[tier].prices![locale];
}
