import "server-only";
import { recordMemberAudit } from "@/lib/core/audit/record";
import { assertScope, type ApiCaller } from "@/lib/features/api-keys/authenticate";
import type { ApiScope } from "@/lib/features/api-keys/scopes";
import { createWebhookEndpoint, deleteWebhookEndpoint } from "@/lib/features/webhooks/endpoints";
import type { WebhookEventType } from "@/lib/features/webhooks/events";
import { defineOperation } from "@/lib/surfaces/public-api/operation";
import { webhookIdParams, webhookSubscribed, webhookSubscription } from "@/lib/surfaces/public-api/schemas";

/**
 * REST hooks (issue #38): Zapier and Make subscribe an endpoint when a Zap is turned on and remove
 * it when it is turned off. The same endpoints as Settings → Integrations (listed there, with
 * their delivery log), made by the same lib function: the address rules, the plan's `webhooks`
 * feature, the 10-per-company cap and the secret stored encrypted.
 */

/**
 * What a subscription to each event also needs: its payload is that resource's data (a new lead's
 * name and e-mail …), so `webhooks:write` alone must not be a way around `leads:read`.
 */
const READ_SCOPE_OF: Record<WebhookEventType, ApiScope> = {
  "lead.created": "leads:read",
  "lead.deleted": "leads:read",
  "comment.created": "comments:read",
  "content.published": "content:read",
  "event.published": "events:read",
  "download.created": "analytics:read",
};

function audit(caller: ApiCaller, endpointId: string, operation: string) {
  return recordMemberAudit(caller.membership, {
    record: { table: "webhook_endpoint", id: endpointId },
    details: { operation, via: "api", apiKeyId: caller.keyId },
  });
}

export const subscribeWebhookOperation = defineOperation({
  operationId: "subscribeWebhook",
  method: "POST",
  path: "/webhooks",
  scope: "webhooks:write",
  tag: "Webhooks",
  summary: "Subscribe a webhook (REST hooks)",
  description:
    "Adds an endpoint that receives the chosen events, each signed per Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`) and retried for about three days. For Zapier's REST-hook trigger, send `bundle.targetUrl` as `url` and keep the answer's `id` to unsubscribe. Each event also needs its resource's read scope (`lead.*`: `leads:read`, `comment.created`: `comments:read`, `content.published`: `content:read`, `event.published`: `events:read`, `download.created`: `analytics:read`). Subscribing an address the company already sends to takes that endpoint over (its events replaced, a new secret): a retried subscribe leaves one endpoint. At most 10 endpoints per company (422 past it).",
  body: webhookSubscription,
  response: {
    status: 201,
    schema: webhookSubscribed,
    description: "The endpoint, with its signing secret (shown only here).",
  },
  async handle({ caller, body }) {
    for (const type of body.eventTypes) assertScope(caller, READ_SCOPE_OF[type]);
    const { id, secret } = await createWebhookEndpoint(caller.membership, body, { reuseSameUrl: true });
    await audit(caller, id, "webhook_subscribed");
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
    await audit(caller, params.id, "webhook_unsubscribed");
  },
});
