"use server";

import { deleteLead } from "@/lib/leads/delete-lead";
import { adminAction } from "@/lib/tenancy/admin-action";
import { z } from "zod";
import { recordId } from "@/lib/validation/common";

/** Deletes one lead of the caller's company (admins only; the id is checked and audited by lib/leads). */
export const deleteLeadAction = adminAction(
  { permission: "leads.delete", schema: z.tuple([recordId]) },
  async ({ membership }, leadId: string) => deleteLead(membership, leadId),
);
