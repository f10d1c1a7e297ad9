"use server";

import { deleteLead } from "@/lib/leads/delete-lead";
import { adminAction } from "@/lib/tenancy/admin-action";

/** Deletes one lead of the caller's company (admins only; the id is checked and audited by lib/leads). */
export const deleteLeadAction = adminAction(
  { permission: "leads.delete" },
  async ({ membership }, leadId: string) => deleteLead(membership, leadId),
);
