"use server";

import { toActionError, type ActionResult } from "@/lib/errors";
import { deleteLead, LEAD_DELETE_ROLES } from "@/lib/leads/delete-lead";
import { requireMembership } from "@/lib/tenancy/guard";

/** Deletes one lead of the caller's company (admins only; audited by lib/leads). */
export async function deleteLeadAction(leadId: string): Promise<ActionResult> {
  try {
    const membership = await requireMembership({
      roles: LEAD_DELETE_ROLES,
      forbiddenMessage: "admin.leads.errors.onlyAdminsDelete",
    });
    await deleteLead(membership, leadId);
    return { ok: true, data: undefined };
  } catch (error) {
    return toActionError(error, { action: "deleteLead" });
  }
}
