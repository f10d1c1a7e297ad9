import "server-only";
import { recordAudit } from "@/lib/audit/record";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { leadIdSchema } from "@/lib/leads/schemas";
import type { Membership } from "@/lib/tenancy/membership";

/**
 * Who may delete leads: admins only. Deleting is irreversible and is how a person's erasure
 * request is met, so it stays with the role that answers for the company's data; managers
 * may view and export (spec §6 leaves lead access open).
 */
export const LEAD_DELETE_ROLES = ["admin"] as const;

export function canDeleteLeads(membership: Pick<Membership, "role">): boolean {
  return (LEAD_DELETE_ROLES as readonly string[]).includes(membership.role);
}

/**
 * Deletes one lead of the company. The role is checked here as well as by the caller. Lead
 * counts (dashboard, analytics) are of the lead rows, so it leaves them too; the `lead`
 * engagement row stays and holds no personal data. Audited as lead_data_access
 * { operation: "delete" }, so every touch of lead data is in one audit trail.
 */
export async function deleteLead(membership: Membership, leadId: unknown): Promise<void> {
  if (!canDeleteLeads(membership)) throw new AppError("forbidden", "admin.leads.errors.onlyAdminsDelete");
  const id = leadIdSchema.safeParse(leadId);
  const companyId = membership.company.id;
  const { count } = id.success
    ? await db.lead.deleteMany({ where: { id: id.data, companyId } })
    : { count: 0 };
  if (count === 0) throw new AppError("not_found", "admin.leads.errors.notFound");
  await recordAudit({
    action: "lead_data_access",
    tableName: "lead",
    recordId: id.data,
    userId: membership.userId,
    companyId,
    details: { operation: "delete", count },
  });
}
