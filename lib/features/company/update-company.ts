import "server-only";
import { recordMemberAudit } from "@/lib/core/audit/record";
import { companyDataSchema, landingPageSchema } from "@/lib/features/company/schemas";
import { db } from "@/lib/core/db";
import { AppError, parseOrThrow } from "@/lib/core/errors";
import type { Membership } from "@/lib/platform/tenancy/membership";
import type { TwoFactorRequirement } from "@/lib/generated/prisma/enums";
import { assertCan } from "@/lib/platform/access/permissions";
import { redrawWatermarkedGalleries } from "@/lib/platform/media/watermark/requests";
import {
  companySourceLocale,
  queueTranslationRuns,
  recordSourceTexts,
} from "@/lib/features/translation/record";

export async function updateCompanyData(membership: Membership, input: unknown): Promise<void> {
  // Spec §6: only admin edits company settings; checked here too, not only by the caller.
  assertCan(membership, "settings.edit");
  const data = parseOrThrow(companyDataSchema, input);
  const companyId = membership.company.id;
  // Versions of an older text are redone (automatic) or flagged for review (hand-edited).
  const { runs, renamed } = await db.$transaction(async (tx) => {
    const before = await tx.company.findUniqueOrThrow({ where: { id: companyId }, select: { name: true } });
    await tx.company.update({ where: { id: companyId }, data });
    const runs = await recordSourceTexts(tx, companyId, await companySourceLocale(tx, companyId), [
      { entity: "company", entityId: companyId, field: "description", text: data.description },
    ]);
    return { runs, renamed: before.name !== data.name };
  });
  await queueTranslationRuns(runs);
  // The name is the mark of a logo design without a logo (issue #36): its galleries are redrawn.
  if (renamed) await redrawWatermarkedGalleries({ companyId });
  await recordMemberAudit(membership, { details: { operation: "company_data_updated" } });
}

export async function updateLandingPage(membership: Membership, input: unknown): Promise<void> {
  // Spec §6: only admin edits company settings; checked here too, not only by the caller.
  assertCan(membership, "settings.edit");
  const data = parseOrThrow(landingPageSchema, input);
  const companyId = membership.company.id;
  const runs = await db.$transaction(async (tx) => {
    await tx.company.update({ where: { id: companyId }, data });
    return recordSourceTexts(tx, companyId, await companySourceLocale(tx, companyId), [
      { entity: "company", entityId: companyId, field: "landingPageName", text: data.landingPageName },
      {
        entity: "company",
        entityId: companyId,
        field: "landingPageDescription",
        text: data.landingPageDescription,
      },
    ]);
  });
  await queueTranslationRuns(runs);
  await recordMemberAudit(membership, { details: { operation: "landing_page_updated" } });
}

/**
 * Settings → security: who must use two-factor authentication — nobody, the admins, or every
 * member. The admin requiring it must use it already, or the setting would shut them out at once.
 */
export async function updateSecuritySettings(
  membership: Membership,
  input: { twoFactorRequired: TwoFactorRequirement },
  callerHasTwoFactor: boolean,
): Promise<void> {
  assertCan(membership, "settings.edit");
  if (input.twoFactorRequired !== "off" && !callerHasTwoFactor) {
    throw new AppError("validation", "settings.security.enrolFirst");
  }
  const companyId = membership.company.id;
  const before = await db.company.findUniqueOrThrow({
    where: { id: companyId },
    select: { twoFactorRequired: true },
  });
  await db.company.update({
    where: { id: companyId },
    data: { twoFactorRequired: input.twoFactorRequired },
  });
  await recordMemberAudit(membership, {
    details: {
      operation: "security_settings_updated",
      twoFactorRequired: input.twoFactorRequired,
      previous: before.twoFactorRequired,
    },
  });
}
