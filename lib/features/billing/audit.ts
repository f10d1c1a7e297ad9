import "server-only";
import { recordMemberAudit, type AuditMember } from "@/lib/core/audit/record";

/** Spec §7 `subscription_data_access`: what was done, never who paid or how. */
export function auditBilling(member: AuditMember, operation: string): Promise<void> {
  return recordMemberAudit(member, {
    action: "subscription_data_access",
    record: { table: "subscription", id: member.company.id },
    details: { operation },
  });
}
