import type PgBoss from "pg-boss";
import { rollUpAnalytics } from "@/lib/features/analytics/rollup";
import { ANALYTICS_QUEUE } from "@/lib/core/queue/queues";

/** Hourly at :15, well after a day closes; a missed hour is caught up by the next run. */
export const ANALYTICS_CRON = "15 * * * *";

/**
 * Works the analytics roll-up queue, schedules it and runs it once now (a fresh start
 * catches up on the days it missed). `cron: null` leaves the schedule out (tests).
 */
export async function startAnalyticsRollup(
  boss: PgBoss,
  options: { cron?: string | null; log?: (message: string) => void } = {},
): Promise<{ stop(): Promise<void> }> {
  const log = options.log ?? ((m: string) => console.log(`[afterglow] ${m}`));
  if (options.cron !== null) await boss.schedule(ANALYTICS_QUEUE, options.cron ?? ANALYTICS_CRON);
  // Queued before the worker starts: its first fetch finds it. Sent after, it could miss that
  // fetch and wait a whole polling interval (30 s) — a start-up roll-up late, a test timed out.
  await boss.send(ANALYTICS_QUEUE, {});
  await boss.work(ANALYTICS_QUEUE, { pollingIntervalSeconds: 30 }, async () => {
    const result = await rollUpAnalytics();
    if (result.days > 0) log(`analytics roll-up: ${result.days} day(s), through ${result.throughDay}`);
  });
  return {
    async stop() {
      await boss.offWork(ANALYTICS_QUEUE);
    },
  };
}
