import "server-only";
import { db } from "@/lib/core/db";
import { env } from "@/lib/core/env";
import { AppError, parseOrThrow } from "@/lib/core/errors";
import { assertCan } from "@/lib/platform/access/permissions";
import { assertPlanAllows } from "@/lib/platform/plans/enforce";
import type { Membership } from "@/lib/platform/tenancy/membership";
import { TEST_EVENT_TYPE, webhookBody } from "@/lib/features/webhooks/events";
import { newMessageId } from "@/lib/features/webhooks/outbox";
import { endpointIdSchema, endpointInputSchema } from "@/lib/features/webhooks/schemas";
import { encryptWebhookSecret, newWebhookSecret } from "@/lib/features/webhooks/secret";

/**
 * An admin's endpoints (issue #38): every function takes the membership the guard resolved,
 * checks `settings.edit` (webhooks carry leads' personal data: admins only) and the plan, and
 * scopes every query by the membership's company in its `where`.
 */

async function allowed(membership: Membership): Promise<string> {
  assertCan(membership, "settings.edit");
  await assertPlanAllows(membership.company.id, "webhooks");
  return membership.company.id;
}

const notFound = () => new AppError("not_found", "admin.webhooks.errors.notFound");

/**
 * Endpoints per company. Every event is signed and sent to each of them by the shared delivery
 * workers: without a bound, one company's hundreds of endpoints on a slow host would hold the
 * workers for every other company (and make us a signed-POST amplifier against that host).
 */
export const MAX_WEBHOOK_ENDPOINTS = 10;

/** Creates an endpoint; the secret is returned this once and stored only encrypted. */
export async function createWebhookEndpoint(
  membership: Membership,
  input: unknown,
  /**
   * `reuseSameUrl` (the public API's REST hooks): an endpoint of the company at the same address
   * is taken over — its events replaced, a new secret — instead of a second one made. A retried
   * subscribe (Zapier after a timeout) then leaves one endpoint, not an orphan delivering twice.
   */
  options: { reuseSameUrl?: boolean } = {},
): Promise<{ id: string; secret: string }> {
  const companyId = await allowed(membership);
  const data = parseOrThrow(endpointInputSchema(env.WEBHOOKS_ALLOW_HTTP), input);
  const secret = newWebhookSecret();
  const endpoint = await db.$transaction(async (tx) => {
    // Two creations at once count one after the other.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`webhooks:${companyId}`}, 0))`;
    const same = options.reuseSameUrl
      ? await tx.webhookEndpoint.findFirst({ where: { companyId, url: data.url }, select: { id: true } })
      : null;
    if (same) {
      await tx.webhookEndpoint.update({
        where: { id: same.id },
        data: { eventTypes: data.eventTypes, secretEncrypted: encryptWebhookSecret(secret, same.id) },
      });
      return same;
    }
    if ((await tx.webhookEndpoint.count({ where: { companyId } })) >= MAX_WEBHOOK_ENDPOINTS) {
      throw new AppError("validation", "admin.webhooks.errors.tooMany", {
        values: { max: MAX_WEBHOOK_ENDPOINTS },
      });
    }
    // The id is bound into the ciphertext: create, then store the secret under it.
    const created = await tx.webhookEndpoint.create({
      data: { companyId, url: data.url, eventTypes: data.eventTypes, secretEncrypted: "" },
      select: { id: true },
    });
    await tx.webhookEndpoint.update({
      where: { id: created.id },
      data: { secretEncrypted: encryptWebhookSecret(secret, created.id) },
    });
    return created;
  });
  return { id: endpoint.id, secret };
}

/** A new secret; the old one stops signing at once (receivers must take the new one). */
export async function rotateWebhookSecret(
  membership: Membership,
  endpointId: unknown,
): Promise<{ secret: string }> {
  const companyId = await allowed(membership);
  const id = parseOrThrow(endpointIdSchema, endpointId);
  const secret = newWebhookSecret();
  const { count } = await db.webhookEndpoint.updateMany({
    where: { id, companyId },
    data: { secretEncrypted: encryptWebhookSecret(secret, id) },
  });
  if (count === 0) throw notFound();
  return { secret };
}

/** Turns an endpoint on (its failure count starts again) or off by hand. */
export async function setWebhookEndpointEnabled(
  membership: Membership,
  endpointId: unknown,
  enabled: boolean,
): Promise<void> {
  const companyId = await allowed(membership);
  const id = parseOrThrow(endpointIdSchema, endpointId);
  const { count } = await db.webhookEndpoint.updateMany({
    where: { id, companyId },
    data: enabled
      ? { enabled: true, disabledReason: null, disabledAt: null, consecutiveFailures: 0, failingSince: null }
      : { enabled: false, disabledReason: "manual", disabledAt: new Date() },
  });
  if (count === 0) throw notFound();
}

/** Deletes an endpoint and its delivery log; messages not yet delivered are never sent. */
export async function deleteWebhookEndpoint(membership: Membership, endpointId: unknown): Promise<void> {
  const companyId = await allowed(membership);
  const id = parseOrThrow(endpointIdSchema, endpointId);
  const { count } = await db.webhookEndpoint.deleteMany({ where: { id, companyId } });
  if (count === 0) throw notFound();
}

/**
 * "Send again": the same message (same `webhook-id`), due now, with a fresh set of retries. The
 * claim token is cleared: an attempt still out under an earlier claim records nothing over this,
 * and the next scheduler run claims the message anew.
 */
export async function resendWebhookDelivery(membership: Membership, deliveryId: unknown): Promise<void> {
  const companyId = await allowed(membership);
  const id = parseOrThrow(endpointIdSchema, deliveryId);
  const { count } = await db.webhookDelivery.updateMany({
    where: { id, companyId, endpoint: { companyId } },
    data: { status: "pending", attempts: 0, nextAttemptAt: new Date(), lastError: null, claimToken: null },
  });
  if (count === 0) throw notFound();
}

/** Queues a `webhook.test` message to one endpoint, whatever it subscribed to. */
export async function sendWebhookTestEvent(
  membership: Membership,
  endpointId: unknown,
): Promise<{ id: string }> {
  const companyId = await allowed(membership);
  const id = parseOrThrow(endpointIdSchema, endpointId);
  const endpoint = await db.webhookEndpoint.findFirst({ where: { id, companyId }, select: { id: true } });
  if (!endpoint) throw notFound();
  const now = new Date();
  const delivery = await db.webhookDelivery.create({
    data: {
      id: newMessageId(),
      companyId,
      endpointId: endpoint.id,
      eventType: TEST_EVENT_TYPE,
      payload: webhookBody(
        TEST_EVENT_TYPE,
        { message: "This is a test event from Afterglow." },
        now,
      ) as object,
      nextAttemptAt: now,
    },
    select: { id: true },
  });
  return delivery;
}
