import type PgBoss from "pg-boss";
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

/** Every minute: a new message waits at most this long; the first retry is due 5 s after a failure. */
export const WEBHOOK_SCHEDULE_CRON = "* * * * *";

/** Queues one attempt per due outbox message (the singleton key keeps one waiting job per message). */
export async function scheduleWebhookDeliveries(boss: PgBoss, now = new Date()): Promise<number> {
  const ids = await claimDueDeliveries(now);
  for (const deliveryId of ids) {
    await boss.send(WEBHOOK_DELIVERY_QUEUE, { deliveryId } satisfies WebhookDeliveryJobData, {
      singletonKey: deliveryId,
    });
  }
  return ids.length;
}

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
  await boss.work<WebhookDeliveryJobData>(
    WEBHOOK_DELIVERY_QUEUE,
    { batchSize: 1, pollingIntervalSeconds: polling },
    async ([job]) => {
      if (job?.data?.deliveryId) await attemptDelivery(job.data.deliveryId, { settings: options.settings });
    },
  );
  return {
    async stop() {
      await boss.offWork(WEBHOOK_SCHEDULE_QUEUE);
      await boss.offWork(WEBHOOK_DELIVERY_QUEUE);
    },
  };
}
