import "server-only";
import { createWebhookEndpoint, deleteWebhookEndpoint } from "@/lib/features/webhooks/endpoints";
import { defineOperation } from "@/lib/surfaces/public-api/operation";
import { webhookIdParams, webhookSubscribed, webhookSubscription } from "@/lib/surfaces/public-api/schemas";

/**
 * REST hooks (issue #38): Zapier and Make subscribe an endpoint when a Zap is turned on and remove
 * it when it is turned off. The same endpoints as Settings → Integrations (listed there, with
 * their delivery log), made by the same lib function: the address rules, the plan's `webhooks`
 * feature, the 10-per-company cap and the secret stored encrypted.
 */
export const subscribeWebhookOperation = defineOperation({
  operationId: "subscribeWebhook",
  method: "POST",
  path: "/webhooks",
  scope: "webhooks:write",
  tag: "Webhooks",
  summary: "Subscribe a webhook (REST hooks)",
  description:
    "Adds an endpoint that receives the chosen events, each signed per Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`) and retried for about three days. For Zapier's REST-hook trigger, send `bundle.targetUrl` as `url` and keep the answer's `id` to unsubscribe. At most 10 endpoints per company.",
  body: webhookSubscription,
  response: {
    status: 201,
    schema: webhookSubscribed,
    description: "The endpoint, with its signing secret (shown only here).",
  },
  async handle({ caller, body }) {
    const { id, secret } = await createWebhookEndpoint(caller.membership, body);
    return { id, url: body.url.trim(), eventTypes: [...new Set(body.eventTypes)], secret };
  },
});

export const unsubscribeWebhookOperation = defineOperation({
  operationId: "unsubscribeWebhook",
  method: "DELETE",
  path: "/webhooks/{id}",
  scope: "webhooks:write",
  tag: "Webhooks",
  summary: "Unsubscribe a webhook",
  description:
    "Removes an endpoint and its delivery log; messages not yet delivered to it are never sent (Zapier: when the Zap is turned off).",
  params: webhookIdParams,
  notFound: true,
  async handle({ caller, params }) {
    await deleteWebhookEndpoint(caller.membership, params.id);
  },
});
