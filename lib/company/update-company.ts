import "server-only";
import { recordAudit } from "@/lib/audit/record";
import { companyDataSchema, landingPageSchema } from "@/lib/company/schemas";
import { db } from "@/lib/db";
import { validationError } from "@/lib/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import type { Membership } from "@/lib/tenancy/membership";
import { assertCan } from "@/lib/tenancy/permissions";

export async function updateCompanyData(membership: Membership, input: unknown): Promise<void> {
  // Spec §6: only admin edits company settings; checked here too, not only by the caller.
  assertCan(membership, "settings.edit");
  const parsed = companyDataSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  const companyId = membership.company.id;
  const current = await db.company.findUniqueOrThrow({
    where: { id: companyId },
    select: { description: true },
  });
  await db.company.update({
    where: { id: companyId },
    data: {
      ...parsed.data,
      // Translations of an older Portuguese text would now be wrong: drop them until re-translated.
      ...(current.description !== parsed.data.description ? { descriptionTranslations: Prisma.DbNull } : {}),
    },
  });
  await recordAudit({
    action: "admin_privileged_action",
    tableName: "company",
    recordId: companyId,
    userId: membership.userId,
    companyId,
    details: { operation: "company_data_updated" },
  });
}

export async function updateLandingPage(membership: Membership, input: unknown): Promise<void> {
  // Spec §6: only admin edits company settings; checked here too, not only by the caller.
  assertCan(membership, "settings.edit");
  const parsed = landingPageSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  const companyId = membership.company.id;
  await db.company.update({ where: { id: companyId }, data: parsed.data });
  await recordAudit({
    action: "admin_privileged_action",
    tableName: "company",
    recordId: companyId,
    userId: membership.userId,
    companyId,
    details: { operation: "landing_page_updated" },
  });
}
