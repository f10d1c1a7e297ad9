import { unsubscribeWebhookOperation } from "@/lib/surfaces/public-api/operations/webhooks";
import { apiRoute } from "@/lib/surfaces/public-api/route";

export const dynamic = "force-dynamic";

// DELETE /api/v1/webhooks/{id} — the public API (issue #38): a REST-hook unsubscription
export const DELETE = apiRoute<{ id: string }>(unsubscribeWebhookOperation);
