import type { PrismaClient } from "@/lib/core/db-client";
import type { PlanTier } from "@/lib/generated/prisma/enums";

export const PLAN_TIERS: readonly PlanTier[] = ["starter", "basic", "professional", "premium", "enterprise"];

/**
 * The operator's hand-set plan (comped accounts): `npm run billing:set-plan`. It writes
 * `Company.plan` like a verified Stripe state would, and an `admin_privileged_action` audit
 * row naming the operation and the plans, never a person. Kept free of `server-only` so the
 * command can run it with its own Prisma client. A later Stripe event for the company's own
 * subscription still wins: comp a company that does not pay through Stripe.
 */
export async function setCompanyPlan(
  prisma: PrismaClient,
  slug: string,
  plan: PlanTier,
): Promise<{ companyId: string; previous: PlanTier }> {
  return prisma.$transaction(async (tx) => {
    const company = await tx.company.findUnique({ where: { slug }, select: { id: true, plan: true } });
    if (!company) throw new Error(`No company with the slug "${slug}".`);
    await tx.company.update({ where: { id: company.id }, data: { plan } });
    await tx.sessionAudit.create({
      data: {
        action: "admin_privileged_action",
        tableName: "company",
        recordId: company.id,
        companyId: company.id,
        details: { operation: "set_plan", by: "operator_command", previous: company.plan, plan },
      },
    });
    return { companyId: company.id, previous: company.plan };
  });
}
