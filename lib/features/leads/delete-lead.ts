import "server-only";
import { recordMemberAudit } from "@/lib/core/audit/record";
import { db } from "@/lib/core/db";
import { AppError } from "@/lib/core/errors";
import { leadIdSchema } from "@/lib/features/leads/schemas";
import type { Membership } from "@/lib/platform/tenancy/membership";
import { assertCan } from "@/lib/platform/access/permissions";
import { leadDeletedPayload } from "@/lib/features/webhooks/events";
import { recordWebhookEvent } from "@/lib/features/webhooks/outbox";

/**
 * Deletes one lead of the company. The permission is checked here as well as by the caller. Lead
 * counts (dashboard, analytics) are of the lead rows, so it leaves them too; the `lead`
 * engagement row stays and holds no personal data. Audited as lead_data_access
 * { operation: "delete" }, so every touch of lead data is in one audit trail.
 */
export async function deleteLead(
  membership: Membership,
  leadId: unknown,
  /** The public API's key that asked (issue #38), kept in the audit row. */
  options: { apiKeyId?: string } = {},
): Promise<void> {
  // Admins only (`leads.delete`): deleting is how an erasure request is met.
  assertCan(membership, "leads.delete");
  const id = leadIdSchema.safeParse(leadId);
  const companyId = membership.company.id;
  // The deletion and its `lead.deleted` webhook messages (issue #38) commit together.
  const { count } = id.success
    ? await db.$transaction(async (tx) => {
        const deleted = await tx.lead.deleteMany({ where: { id: id.data, companyId } });
        if (deleted.count > 0) {
          // An erasure erases the webhook copies too: a `lead.created` still waiting (its receiver
          // down) would otherwise reach the receiver after `lead.deleted` and recreate the person,
          // and a delivered one would keep the name and e-mail in the log for 30 days.
          await tx.$executeRaw`
            DELETE FROM "webhook_delivery"
            WHERE "endpointId" IN (SELECT "id" FROM "webhook_endpoint" WHERE "companyId" = ${companyId})
              AND "eventType" = 'lead.created' AND "payload"->'data'->>'id' = ${id.data}`;
          const now = new Date();
          await recordWebhookEvent(tx, companyId, "lead.deleted", leadDeletedPayload(id.data, now), now);
        }
        return deleted;
      })
    : { count: 0 };
  if (count === 0) throw new AppError("not_found", "admin.leads.errors.notFound");
  await recordMemberAudit(membership, {
    action: "lead_data_access",
    record: { table: "lead", id: id.data },
    details: {
      operation: "delete",
      count,
      ...(options.apiKeyId ? { via: "api", apiKeyId: options.apiKeyId } : {}),
    },
  });
}
