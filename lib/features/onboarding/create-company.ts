import "server-only";
import { recordAudit } from "@/lib/core/audit/record";
import { lockSlugs, releaseRedirectOf, slugStatus } from "@/lib/features/company/slug-holds";
import { db } from "@/lib/core/db";
import { AppError, isUniqueViolation, parseOrThrow } from "@/lib/core/errors";
import { createCompanySchema } from "@/lib/features/onboarding/schemas";
import { announceRoutingChange } from "@/lib/platform/tenancy/routing-events";
import { companySlugCandidates } from "@/lib/platform/site/slug";

const MAX_SLUG_TRIES = 50;

/**
 * A confirmed user without a company creates one and becomes its admin. The slug comes
 * from the name and is made unique by the database's unique index (a clash tries the
 * next candidate), never by a check-then-insert that two requests could both pass. A slug
 * another company released less than 90 days ago is held for it (`lib/features/company/slug-holds.ts`):
 * skipped, under the same lock as a slug change, so a change in flight is seen.
 */
export async function createCompanyForUser(
  user: { id: string; name: string },
  input: unknown,
): Promise<{ id: string; slug: string }> {
  const name = parseOrThrow(createCompanySchema, input).companyName;

  const candidates = companySlugCandidates(name);
  for (let attempt = 0; attempt < MAX_SLUG_TRIES; attempt++) {
    const slug = candidates.next().value as string;
    try {
      const company = await db.$transaction(async (tx) => {
        const profile = await tx.profile.findUnique({
          where: { userId: user.id },
          select: { companyId: true },
        });
        if (profile?.companyId) throw new AppError("conflict", "onboarding.alreadyMember");
        await lockSlugs(tx, [slug]);
        if ((await slugStatus(tx, slug, null)) !== "available") return null;
        // A hold that ended: the old redirect goes with it, on every instance.
        if (await releaseRedirectOf(tx, slug)) await announceRoutingChange(tx);
        const created = await tx.company.create({ data: { name, slug }, select: { id: true, slug: true } });
        await tx.profile.upsert({
          where: { userId: user.id },
          create: {
            userId: user.id,
            displayName: user.name,
            companyId: created.id,
            companyName: name,
            role: "admin",
          },
          update: { companyId: created.id, companyName: name, role: "admin" },
        });
        return created;
      });
      if (!company) continue;
      await recordAudit({
        action: "admin_privileged_action",
        tableName: "company",
        recordId: company.id,
        userId: user.id,
        companyId: company.id,
        details: { operation: "company_created", slug: company.slug },
      });
      return company;
    } catch (error) {
      if (isUniqueViolation(error)) continue;
      throw error;
    }
  }
  throw new AppError("conflict", "onboarding.slugUnavailable");
}
