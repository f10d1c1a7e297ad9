import { randomBytes } from "node:crypto";
import type { Prisma } from "@/lib/generated/prisma/client";
import { loadEffectivePlan } from "@/lib/platform/plans/effective";
import { planAllows } from "@/lib/platform/plans/gate";
import { webhookBody, type WebhookBody, type WebhookEventType } from "@/lib/features/webhooks/events";

/**
 * The outbox (issue #38): a change that fires an event calls `recordWebhookEvent` with its own
 * transaction client, so the messages commit or roll back with the change itself: a rolled-back
 * lead sends nothing, a committed one is never lost to a crash between the commit and a send.
 * The `webhook-schedule` job picks the rows up (lib/surfaces/workers/webhooks.ts).
 */

/** A message id, the `webhook-id` header: stable over every attempt, for receivers to de-duplicate. */
export function newMessageId(): string {
  return `msg_${randomBytes(16).toString("base64url")}`;
}

/**
 * One pending delivery per enabled endpoint of the company that subscribed to `type`, when the
 * company's effective plan includes webhooks. Returns how many were written. Most companies have
 * no endpoint: one indexed read, and the plan is read only when there is someone to tell.
 */
export async function recordWebhookEvent(
  tx: Prisma.TransactionClient,
  companyId: string,
  type: WebhookEventType,
  data: object,
  at: Date = new Date(),
): Promise<number> {
  const endpoints = await tx.webhookEndpoint.findMany({
    where: { companyId, enabled: true, eventTypes: { has: type } },
    select: { id: true },
  });
  if (endpoints.length === 0) return 0;
  const { plan } = await loadEffectivePlan(tx, companyId, at);
  if (!planAllows(plan, "webhooks")) return 0;
  const payload = webhookBody(type, data, at) satisfies WebhookBody;
  await tx.webhookDelivery.createMany({
    data: endpoints.map((endpoint) => ({
      id: newMessageId(),
      companyId,
      endpointId: endpoint.id,
      eventType: type,
      payload: payload as unknown as Prisma.InputJsonValue,
      nextAttemptAt: at,
    })),
  });
  return endpoints.length;
}

type Db = Prisma.TransactionClient;

/** Whether any enabled endpoint of the company listens to one of `types` (one indexed read). */
async function hasListeners(client: Db, companyId: string, types: WebhookEventType[]): Promise<boolean> {
  const found = await client.webhookEndpoint.findFirst({
    where: { companyId, enabled: true, eventTypes: { hasSome: types } },
    select: { id: true },
  });
  return found !== null;
}

/**
 * A fan's write (a lead, a comment) and its webhook messages. Most companies have no endpoint:
 * their fans' writes stay one statement on a pooled connection, as before webhooks, after one
 * indexed read. When someone listens, the write and its messages share a transaction, so they
 * commit or roll back together. The one gap, by design: an endpoint created between that read and
 * the write misses that single event (it did not exist when the change was decided).
 */
/** The database, or anything that opens a transaction like it (a test's outer transaction). */
export type OutboxClient = Db & { $transaction: <R>(fn: (tx: Db) => Promise<R>) => Promise<R> };

export async function writeWithWebhook<T>(
  client: OutboxClient,
  companyId: string,
  /** The event, or the events (a lead left with a download is `lead.created` and `download.created`). */
  types: WebhookEventType | WebhookEventType[],
  write: (tx: Db) => Promise<T>,
  record: (tx: Db, result: T) => Promise<unknown>,
): Promise<T> {
  const listened = Array.isArray(types) ? types : [types];
  if (!(await hasListeners(client, companyId, listened))) return write(client);
  return client.$transaction(async (tx) => {
    const result = await write(tx);
    await record(tx, result);
    return result;
  });
}
