"use server";

import { deleteLead } from "@/lib/features/leads/delete-lead";
import { adminAction } from "@/lib/platform/actions/admin-action";
import { z } from "zod";
import { recordId } from "@/lib/core/validation/common";

/** Deletes one lead of the caller's company (admins only; the id is checked and audited by lib/leads). */
export const deleteLeadAction = adminAction(
  { permission: "leads.delete", schema: z.tuple([recordId]) },
  async ({ membership }, leadId: string) => deleteLead(membership, leadId),
);
