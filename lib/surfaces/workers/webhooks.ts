import type PgBoss from "pg-boss";
import { z } from "zod";
import {
  WEBHOOK_DELIVERY_QUEUE,
  WEBHOOK_SCHEDULE_QUEUE,
  type WebhookDeliveryJobData,
} from "@/lib/core/queue/queues";
import {
  attemptDelivery,
  claimDueDeliveries,
  pruneDeliveryLog,
  type WebhookDeliverySettings,
} from "@/lib/features/webhooks/deliver";
import { WEBHOOK_DELIVERY_CONCURRENCY } from "@/lib/features/webhooks/schedule";

/** Every minute: a new message waits at most this long; the first retry is due 5 s after a failure. */
export const WEBHOOK_SCHEDULE_CRON = "* * * * *";

/**
 * Queues one attempt per claimed outbox message, in the claim's order (each endpoint's first
 * message before anyone's second). The singleton key is the claim, not the message: a job of a
 * lapsed claim still waiting must not keep the new claim's job out (it would only be skipped).
 */
export async function scheduleWebhookDeliveries(boss: PgBoss, now = new Date()): Promise<number> {
  const claims = await claimDueDeliveries(now);
  for (const claim of claims) {
    await boss.send(WEBHOOK_DELIVERY_QUEUE, claim satisfies WebhookDeliveryJobData, {
      singletonKey: `${claim.deliveryId}:${claim.claimToken}`,
    });
  }
  return claims.length;
}

/** A delivery job's data; a job queued before claims carried tokens is dropped (its message is claimed again). */
const deliveryJobSchema = z.object({ deliveryId: z.string().min(1), claimToken: z.string().min(1) });

/**
 * Works the webhook queues (issue #38) and schedules the minutely claim. `cron: null` leaves the
 * schedule out (tests); `settings` overrides the resolvers and address rule (tests).
 */
export async function startWebhookDelivery(
  boss: PgBoss,
  options: { cron?: string | null; settings?: WebhookDeliverySettings; pollingIntervalSeconds?: number } = {},
): Promise<{ stop(): Promise<void> }> {
  if (options.cron !== null)
    await boss.schedule(WEBHOOK_SCHEDULE_QUEUE, options.cron ?? WEBHOOK_SCHEDULE_CRON);
  const polling = options.pollingIntervalSeconds ?? 2;
  await boss.work(WEBHOOK_SCHEDULE_QUEUE, { pollingIntervalSeconds: polling }, async () => {
    await scheduleWebhookDeliveries(boss);
    // Minutely, so each run deletes about a minute's worth of old rows.
    await pruneDeliveryLog();
  });
  // Several attempts at once, each slot its own pg-boss worker fetching one job: a batch would
  // be fetched again only when all of it had finished, so one hanging endpoint (10 s) would hold
  // every slot of its batch. As the media workers do (lib/surfaces/workers/worker.ts).
  for (let slot = 0; slot < WEBHOOK_DELIVERY_CONCURRENCY; slot++) {
    await boss.work<WebhookDeliveryJobData>(
      WEBHOOK_DELIVERY_QUEUE,
      { batchSize: 1, pollingIntervalSeconds: polling },
      async ([job]) => {
        const claim = deliveryJobSchema.safeParse(job?.data);
        if (claim.success) await attemptDelivery(claim.data, { settings: options.settings });
      },
    );
  }
  return {
    async stop() {
      await boss.offWork(WEBHOOK_SCHEDULE_QUEUE);
      await boss.offWork(WEBHOOK_DELIVERY_QUEUE);
    },
  };
}
