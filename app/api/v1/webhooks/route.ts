import { subscribeWebhookOperation } from "@/lib/surfaces/public-api/operations/webhooks";
import { apiRoute } from "@/lib/surfaces/public-api/route";

export const dynamic = "force-dynamic";

// POST /api/v1/webhooks — the public API (issue #38): a REST-hook subscription (Zapier, Make)
export const POST = apiRoute(subscribeWebhookOperation);
