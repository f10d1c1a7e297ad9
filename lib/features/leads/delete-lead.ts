import "server-only";
import { recordMemberAudit } from "@/lib/core/audit/record";
import { db } from "@/lib/core/db";
import { AppError } from "@/lib/core/errors";
import { leadIdSchema } from "@/lib/features/leads/schemas";
import type { Membership } from "@/lib/platform/tenancy/membership";
import { assertCan } from "@/lib/platform/access/permissions";

/**
 * Deletes one lead of the company. The permission is checked here as well as by the caller. Lead
 * counts (dashboard, analytics) are of the lead rows, so it leaves them too; the `lead`
 * engagement row stays and holds no personal data. Audited as lead_data_access
 * { operation: "delete" }, so every touch of lead data is in one audit trail.
 */
export async function deleteLead(membership: Membership, leadId: unknown): Promise<void> {
  // Admins only (`leads.delete`): deleting is how an erasure request is met.
  assertCan(membership, "leads.delete");
  const id = leadIdSchema.safeParse(leadId);
  const companyId = membership.company.id;
  const { count } = id.success
    ? await db.lead.deleteMany({ where: { id: id.data, companyId } })
    : { count: 0 };
  if (count === 0) throw new AppError("not_found", "admin.leads.errors.notFound");
  await recordMemberAudit(membership, {
    action: "lead_data_access",
    record: { table: "lead", id: id.data },
    details: { operation: "delete", count },
  });
}
