import type PgBoss from "pg-boss";
import { checkDomain, claimDueDomains } from "@/lib/features/domains/check-domain";
import type { DomainSettings } from "@/lib/features/domains/settings";
import { DOMAIN_CHECK_QUEUE, DOMAIN_SCHEDULE_QUEUE } from "@/lib/core/queue/queues";

/** Every minute: the shortest backoff step of the checks. */
export const DOMAIN_SCHEDULE_CRON = "* * * * *";

export interface DomainCheckJobData {
  domainId: string;
}

/** Queues a check of each due domain (one job per domain: the singleton key keeps it single). */
export async function scheduleDomainChecks(boss: PgBoss, now = new Date()): Promise<number> {
  const ids = await claimDueDomains(now);
  for (const domainId of ids) {
    await boss.send(DOMAIN_CHECK_QUEUE, { domainId } satisfies DomainCheckJobData, {
      singletonKey: domainId,
    });
  }
  return ids.length;
}

/**
 * Works the domain queues and schedules the minutely scheduler. `cron: null` leaves the
 * schedule out (tests); `settings` overrides the DNS servers and provider (tests).
 */
export async function startDomainChecks(
  boss: PgBoss,
  options: { cron?: string | null; settings?: DomainSettings; pollingIntervalSeconds?: number } = {},
): Promise<{ stop(): Promise<void> }> {
  if (options.cron !== null) await boss.schedule(DOMAIN_SCHEDULE_QUEUE, options.cron ?? DOMAIN_SCHEDULE_CRON);
  const polling = options.pollingIntervalSeconds ?? 5;
  await boss.work(DOMAIN_SCHEDULE_QUEUE, { pollingIntervalSeconds: polling }, async () => {
    await scheduleDomainChecks(boss);
  });
  await boss.work<DomainCheckJobData>(
    DOMAIN_CHECK_QUEUE,
    { batchSize: 1, pollingIntervalSeconds: polling },
    async ([job]) => {
      if (job?.data?.domainId) await checkDomain(job.data.domainId, { settings: options.settings });
    },
  );
  return {
    async stop() {
      await boss.offWork(DOMAIN_SCHEDULE_QUEUE);
      await boss.offWork(DOMAIN_CHECK_QUEUE);
    },
  };
}
