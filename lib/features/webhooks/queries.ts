import "server-only";
import { db } from "@/lib/core/db";
import { loadEffectivePlan } from "@/lib/platform/plans/effective";
import { planAllows } from "@/lib/platform/plans/gate";

/** How many deliveries each endpoint's log shows (newest first). */
export const DELIVERY_LOG_SIZE = 20;

export interface WebhookDeliveryView {
  id: string;
  eventType: string;
  status: string;
  lastStatus: number | null;
  lastDurationMs: number | null;
  responseExcerpt: string | null;
  lastError: string | null;
  createdAt: string;
}

export interface WebhookEndpointView {
  id: string;
  url: string;
  eventTypes: string[];
  enabled: boolean;
  disabledReason: string | null;
  deliveries: WebhookDeliveryView[];
}

/** Settings → Integrations: the company's endpoints (scoped by company) and whether its plan allows them. */
export async function getWebhooksPage(
  companyId: string,
): Promise<{ allowed: boolean; endpoints: WebhookEndpointView[] }> {
  const { plan } = await loadEffectivePlan(db, companyId);
  const rows = await db.webhookEndpoint.findMany({
    where: { companyId },
    orderBy: { createdAt: "asc" },
    select: {
      id: true,
      url: true,
      eventTypes: true,
      enabled: true,
      disabledReason: true,
      deliveries: {
        where: { companyId },
        orderBy: { createdAt: "desc" },
        take: DELIVERY_LOG_SIZE,
        select: {
          id: true,
          eventType: true,
          status: true,
          lastStatus: true,
          lastDurationMs: true,
          responseExcerpt: true,
          lastError: true,
          createdAt: true,
        },
      },
    },
  });
  return {
    allowed: planAllows(plan, "webhooks"),
    endpoints: rows.map((row) => ({
      ...row,
      deliveries: row.deliveries.map((d) => ({
        ...d,
        status: String(d.status),
        createdAt: d.createdAt.toISOString(),
      })),
    })),
  };
}
