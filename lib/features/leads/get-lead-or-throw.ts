import "server-only";
import { db } from "@/lib/core/db";
import { AppError } from "@/lib/core/errors";
import { leadIdSchema } from "@/lib/features/leads/schemas";

/** A lead of the company, or 404: ownership is part of the query, so another company's id is "not found". */
export async function getLeadOrThrow(
  companyId: string,
  leadId: unknown,
): Promise<{ id: string; email: string }> {
  const id = leadIdSchema.safeParse(leadId);
  const lead = id.success
    ? await db.lead.findFirst({ where: { id: id.data, companyId }, select: { id: true, email: true } })
    : null;
  if (!lead) throw new AppError("not_found", "admin.leads.errors.notFound");
  return lead;
}
