import "server-only";
import { recordMemberAudit } from "@/lib/core/audit/record";
import { db } from "@/lib/core/db";
import { getLeadOrThrow } from "@/lib/features/leads/get-lead-or-throw";
import { leadSelect, toLeadView, type LeadView } from "@/lib/features/leads/queries";
import { newestFirst } from "@/lib/core/pagination/keyset";
import type { Membership } from "@/lib/platform/tenancy/membership";

export interface PersonExport {
  fileName: string;
  data: {
    exportedAt: string;
    email: string;
    /** Every lead this company holds for the e-mail (one per content the person asked for). */
    leads: LeadView[];
  };
}

/**
 * One person's data held by the company (a data-subject access request): every lead row
 * with the e-mail of the given lead. Comments are not included: they carry no e-mail, and a
 * shared device's visitor id would not prove whose they are. Audited as lead_data_access.
 */
export async function exportPersonData(
  membership: Membership,
  leadId: unknown,
  now: Date = new Date(),
): Promise<PersonExport> {
  const companyId = membership.company.id;
  const lead = await getLeadOrThrow(companyId, leadId);
  const rows = await db.lead.findMany({
    where: { companyId, email: lead.email },
    orderBy: [...newestFirst],
    select: leadSelect,
  });
  await recordMemberAudit(membership, {
    action: "lead_data_access",
    record: { table: "lead", id: lead.id },
    details: { operation: "export_person", count: rows.length },
  });
  return {
    // The lead id, not the e-mail: a downloads folder is no place for personal data.
    fileName: `lead-${lead.id}-${now.toISOString().slice(0, 10)}.json`,
    data: { exportedAt: now.toISOString(), email: lead.email, leads: rows.map(toLeadView) },
  };
}
