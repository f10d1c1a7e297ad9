import "server-only";
import { recordMemberAudit } from "@/lib/core/audit/record";
import { brandingSchema, GATED_BRANDING_FIELDS, legalTextsSchema } from "@/lib/features/brand/schemas";
import { db } from "@/lib/core/db";
import { AppError, parseOrThrow } from "@/lib/core/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { claimLooseMedia, releaseLooseMedia } from "@/lib/platform/media/loose-media";
import { redrawWatermarkedGalleries } from "@/lib/platform/media/watermark/requests";
import { loadEffectivePlan } from "@/lib/platform/plans/effective";
import { planAllows, planRefusal } from "@/lib/platform/plans/gate";
import type { Membership } from "@/lib/platform/tenancy/membership";
import { assertCan } from "@/lib/platform/access/permissions";

const LOGO_INVALID = "settings.branding.logo.invalid";

/**
 * The logo's media (uploaded with target `company-logo`): a photo of this company that belongs
 * to no content, still processing or ready, that no other row holds (a banner or a sponsor's
 * logo: lib/platform/media/loose-media.ts). `Company.logoKey` holds its storage key, as
 * `Event.bannerKey` does for a banner; the orphan sweep keeps media whose key a company holds.
 */
async function logoKeyFor(
  tx: Prisma.TransactionClient,
  companyId: string,
  mediaId: string,
  ownKey: string | null,
): Promise<string> {
  const key = await claimLooseMedia(tx, companyId, mediaId, ownKey);
  if (!key) throw new AppError("validation", LOGO_INVALID, { fieldErrors: { logoMediaId: LOGO_INVALID } });
  return key;
}

/**
 * Settings → Branding. The logo is for every plan; colours, light/dark behaviour and template
 * need `customBranding` — the form sends none of them on a plan without it, so any of them
 * present is refused with the plan gate's error (a forged form included), changing nothing.
 */
export async function updateBranding(membership: Membership, input: Record<string, string | undefined>) {
  assertCan(membership, "settings.edit");
  const { logoMediaId, ...picks } = parseOrThrow(brandingSchema, input);
  const companyId = membership.company.id;
  const gated = GATED_BRANDING_FIELDS.filter((f) => picks[f] !== undefined);
  if (gated.length > 0) {
    const { plan } = await loadEffectivePlan(db, companyId);
    if (!planAllows(plan, "customBranding")) throw planRefusal(plan, "customBranding");
  }

  let replacedLogo: string | null = null;
  await db.$transaction(async (tx) => {
    const current = await tx.company.findUniqueOrThrow({
      where: { id: companyId },
      select: { logoKey: true },
    });
    const logoKey = logoMediaId
      ? await logoKeyFor(tx, companyId, logoMediaId, current.logoKey)
      : current.logoKey;
    if (current.logoKey && current.logoKey !== logoKey) replacedLogo = current.logoKey;
    await tx.company.update({ where: { id: companyId }, data: { ...picks, logoKey } });
  });
  if (replacedLogo) await releaseLooseMedia(companyId, replacedLogo);
  // A new logo is a new watermark for galleries that carry it (issue #36).
  if (logoMediaId) await redrawWatermarkedGalleries({ companyId });
  await recordMemberAudit(membership, {
    details: {
      operation: "branding_updated",
      fields: [...(logoMediaId ? ["logo"] : []), ...gated].join(","),
    },
  });
}

/** Removes the company's logo (after the admin confirmed) and its stored files. */
export async function removeLogo(membership: Membership): Promise<void> {
  assertCan(membership, "settings.edit");
  const companyId = membership.company.id;
  const current = await db.company.findUniqueOrThrow({ where: { id: companyId }, select: { logoKey: true } });
  if (!current.logoKey) return;
  // Conditional on the key read: a logo saved meanwhile by another admin is not removed.
  const { count } = await db.company.updateMany({
    where: { id: companyId, logoKey: current.logoKey },
    data: { logoKey: null },
  });
  if (count === 0) return;
  await releaseLooseMedia(companyId, current.logoKey);
  await redrawWatermarkedGalleries({ companyId });
  await recordMemberAudit(membership, { details: { operation: "logo_removed" } });
}

/** Settings → Legal texts: every plan (basic identity); empty = the platform's text. */
export async function updateLegalTexts(membership: Membership, input: Record<string, string>): Promise<void> {
  assertCan(membership, "settings.edit");
  const texts = parseOrThrow(legalTextsSchema, input);
  const companyId = membership.company.id;
  await db.company.update({ where: { id: companyId }, data: texts });
  await recordMemberAudit(membership, { details: { operation: "legal_texts_updated" } });
}
