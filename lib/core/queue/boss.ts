import PgBoss from "pg-boss";
import {
  ANALYTICS_QUEUE,
  WEB_COPIES_QUEUE,
  WATERMARK_QUEUE,
  BACKFILL_QUEUE,
  DOMAIN_CHECK_QUEUE,
  DOMAIN_SCHEDULE_QUEUE,
  MEDIA_QUEUES,
  SWEEP_QUEUE,
  GALLERY_EXPIRY_QUEUE,
  TRANSLATION_QUEUE,
  TRANSLATION_SCHEDULE_QUEUE,
  WEBHOOK_DELIVERY_QUEUE,
  WEBHOOK_SCHEDULE_QUEUE,
  type JobSender,
  type MediaQueue,
} from "@/lib/core/queue/queues";

/**
 * pg-boss on the app's own PostgreSQL (schema `pgboss`): jobs are rows, so they survive a
 * restart of the app or the worker. A job whose worker died is expired by pg-boss's
 * supervisor and retried; the periodic sweep re-queues any media still waiting (see sweep.ts).
 */
export const JOBS_SCHEMA = "pgboss";

export interface BossOptions {
  /** Maintenance (expiring dead jobs, archiving); on for processes that work. */
  supervise?: boolean;
  /** Cron schedules (the sweep); on for processes that work. */
  schedule?: boolean;
  /** Pool size. */
  max?: number;
}

export function createBoss(connectionString: string, options: BossOptions = {}): PgBoss {
  const boss = new PgBoss({
    connectionString,
    schema: JOBS_SCHEMA,
    application_name: "afterglow-jobs",
    max: options.max ?? 4,
    supervise: options.supervise ?? true,
    schedule: options.schedule ?? true,
    migrate: true,
  });
  boss.on("error", (error) => console.error("[afterglow] jobs:", error));
  return boss;
}

/** Per queue: how long one job may run before it counts as dead, and how it retries. */
const QUEUE_SETTINGS: Record<MediaQueue, { expireInSeconds: number }> = {
  [MEDIA_QUEUES.image]: { expireInSeconds: 10 * 60 },
  [MEDIA_QUEUES.video]: { expireInSeconds: 60 * 60 },
  [MEDIA_QUEUES.audio]: { expireInSeconds: 45 * 60 },
};

/**
 * Creates the queues (idempotent). `stately`: at most one waiting job per media id (the
 * singleton key), so a re-queue while a job waits is a no-op.
 */
export async function ensureQueues(boss: PgBoss): Promise<void> {
  for (const [name, settings] of Object.entries(QUEUE_SETTINGS)) {
    await boss.createQueue(name, {
      name,
      policy: "stately",
      retryLimit: 3,
      retryDelay: 15,
      retryBackoff: true,
      expireInSeconds: settings.expireInSeconds,
      retentionDays: 7,
    });
  }
  await boss.createQueue(SWEEP_QUEUE, {
    name: SWEEP_QUEUE,
    policy: "singleton",
    retryLimit: 0,
    expireInSeconds: 15 * 60,
  });
  // One page at a time, and at most one waiting: the next page is queued by the one working, and
  // a start (each instance's) while a pass is under way adds no second pass.
  await boss.createQueue(BACKFILL_QUEUE, {
    name: BACKFILL_QUEUE,
    policy: "stately",
    retryLimit: 2,
    retryDelay: 60,
    expireInSeconds: 30 * 60,
    retentionDays: 1,
  });
  await boss.createQueue(WEB_COPIES_QUEUE, {
    name: WEB_COPIES_QUEUE,
    policy: "stately",
    retryLimit: 2,
    retryDelay: 60,
    expireInSeconds: 30 * 60,
    retentionDays: 1,
  });
  await boss.createQueue(WATERMARK_QUEUE, {
    name: WATERMARK_QUEUE,
    policy: "stately",
    retryLimit: 2,
    retryDelay: 30,
    expireInSeconds: 60 * 60,
    retentionDays: 1,
  });
  await boss.createQueue(GALLERY_EXPIRY_QUEUE, {
    name: GALLERY_EXPIRY_QUEUE,
    retryLimit: 3,
    retryDelay: 60,
    expireInSeconds: 5 * 60,
    retentionDays: 7,
  });
  await boss.createQueue(ANALYTICS_QUEUE, {
    name: ANALYTICS_QUEUE,
    policy: "singleton",
    retryLimit: 2,
    retryDelay: 60,
    expireInSeconds: 30 * 60,
  });
  // No pg-boss retries: a failed check is the domain's own backoff (lib/features/domains/state-machine.ts).
  await boss.createQueue(DOMAIN_CHECK_QUEUE, {
    name: DOMAIN_CHECK_QUEUE,
    policy: "stately",
    retryLimit: 0,
    expireInSeconds: 5 * 60,
    retentionDays: 1,
  });
  await boss.createQueue(DOMAIN_SCHEDULE_QUEUE, {
    name: DOMAIN_SCHEDULE_QUEUE,
    policy: "singleton",
    retryLimit: 0,
    expireInSeconds: 5 * 60,
  });
  // No pg-boss retries: a failed attempt is the message's own backoff (lib/features/webhooks/schedule.ts).
  await boss.createQueue(WEBHOOK_DELIVERY_QUEUE, {
    name: WEBHOOK_DELIVERY_QUEUE,
    policy: "stately",
    retryLimit: 0,
    expireInSeconds: 2 * 60,
    retentionDays: 1,
  });
  await boss.createQueue(WEBHOOK_SCHEDULE_QUEUE, {
    name: WEBHOOK_SCHEDULE_QUEUE,
    policy: "singleton",
    retryLimit: 0,
    expireInSeconds: 5 * 60,
  });
  await ensureTranslationQueues(boss);
}

/**
 * Translation runs: an engine that is down or rate-limited is retried with backoff (30 s, then
 * doubling: about 8 minutes over the 4 retries); after the last, the versions are marked failed.
 */
export const TRANSLATION_RETRY = { retryLimit: 4, retryDelay: 30, retryBackoff: true } as const;

/** The translation queues (a separate function, so a test can create them with short retries). */
export async function ensureTranslationQueues(
  boss: PgBoss,
  retry: { retryLimit: number; retryDelay: number; retryBackoff: boolean } = TRANSLATION_RETRY,
): Promise<void> {
  await boss.createQueue(TRANSLATION_QUEUE, {
    name: TRANSLATION_QUEUE,
    policy: "stately",
    ...retry,
    expireInSeconds: 10 * 60,
    retentionDays: 1,
  });
  await boss.createQueue(TRANSLATION_SCHEDULE_QUEUE, {
    name: TRANSLATION_SCHEDULE_QUEUE,
    policy: "singleton",
    retryLimit: 0,
    expireInSeconds: 5 * 60,
  });
}

/** Local workers to wake up at once when a job is sent from this process. */
const localWorkers = new WeakMap<PgBoss, Map<string, string[]>>();

export function registerLocalWorker(boss: PgBoss, queue: string, workerId: string): void {
  const byQueue = localWorkers.get(boss) ?? new Map<string, string[]>();
  byQueue.set(queue, [...(byQueue.get(queue) ?? []), workerId]);
  localWorkers.set(boss, byQueue);
}

/** Sends a job and wakes this process's workers of its queue. */
export async function sendLocal(
  boss: PgBoss,
  queue: string,
  data: object,
  singletonKey: string,
): Promise<void> {
  await boss.send(queue, data, { singletonKey });
  for (const id of localWorkers.get(boss)?.get(queue) ?? []) boss.notifyWorker(id);
}

export function bossJobSender(boss: PgBoss): JobSender {
  return {
    sendMediaJob: (queue, data) => sendLocal(boss, queue, data, data.mediaId),
  };
}
