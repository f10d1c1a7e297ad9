import type PgBoss from "pg-boss";
import { db } from "@/lib/core/db";
import { ensureTranslationQueues, registerLocalWorker, sendLocal } from "@/lib/core/queue/boss";
import {
  TRANSLATION_QUEUE,
  TRANSLATION_SCHEDULE_QUEUE,
  type TranslationJobData,
} from "@/lib/core/queue/queues";
import type { PublicChange } from "@/lib/platform/site/cache-tags";
import { markRunFailed, runTranslation } from "@/lib/features/translation/run";
import type { TranslationEngine } from "@/lib/features/translation/engines/engine";
import { activeEngine } from "@/lib/features/translation/engines/select";

export const TRANSLATION_SCHEDULE_CRON = "*/10 * * * *";

export interface TranslationWorkerOptions {
  onPublicChange?: (change: PublicChange) => Promise<unknown>;
  /** The engine (tests); the process's configured one otherwise. */
  engine?: TranslationEngine | null;
  /** Cron of the schedule (null: none, tests). */
  cron?: string | null;
  pollingIntervalSeconds?: number;
}

/**
 * One run. An engine failure is thrown so pg-boss retries it with backoff; the last attempt
 * first marks the versions failed (fans keep seeing the source).
 */
export async function handleTranslationJob(
  boss: PgBoss,
  job: PgBoss.JobWithMetadata<TranslationJobData>,
  options: TranslationWorkerOptions = {},
): Promise<void> {
  const { companyId, locale } = job.data;
  const startedAt = new Date();
  try {
    const outcome = await runTranslation(companyId, locale, options.engine ?? null);
    if (outcome.change && options.onPublicChange)
      await options.onPublicChange(outcome.change).catch(() => undefined);
    if (outcome.more) await sendLocal(boss, TRANSLATION_QUEUE, job.data, `${companyId}:${locale}`);
  } catch (error) {
    console.warn("[afterglow] translation run failed", {
      companyId,
      locale,
      attempt: job.retryCount + 1,
      error: String(error),
    });
    if (job.retryCount >= job.retryLimit) await markRunFailed(companyId, locale, error, startedAt);
    throw error;
  }
}

/** Queues a run for every (company, locale) with pending automatic versions (lost sends, restarts). */
export async function scheduleTranslationRuns(boss: PgBoss): Promise<number> {
  // With no engine, pending versions wait for one (fans see the source): no runs bound to fail.
  if (!(await activeEngine())) return 0;
  const due = await db.textTranslation.groupBy({
    by: ["companyId", "locale"],
    where: { origin: "automatic", state: "pending" },
  });
  for (const { companyId, locale } of due)
    await sendLocal(boss, TRANSLATION_QUEUE, { companyId, locale }, `${companyId}:${locale}`);
  return due.length;
}

export async function startTranslationWorker(
  boss: PgBoss,
  options: TranslationWorkerOptions = {},
): Promise<{ stop(): Promise<void> }> {
  await ensureTranslationQueues(boss);
  const polling = options.pollingIntervalSeconds ?? 2;
  const id = await boss.work<TranslationJobData>(
    TRANSLATION_QUEUE,
    { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: polling },
    async ([job]) => {
      if (job) await handleTranslationJob(boss, job, options);
    },
  );
  registerLocalWorker(boss, TRANSLATION_QUEUE, id);
  await boss.work(TRANSLATION_SCHEDULE_QUEUE, { pollingIntervalSeconds: 10 }, async () => {
    await scheduleTranslationRuns(boss);
  });
  if (options.cron !== null)
    await boss.schedule(TRANSLATION_SCHEDULE_QUEUE, options.cron ?? TRANSLATION_SCHEDULE_CRON);
  return {
    async stop() {
      await boss.offWork(TRANSLATION_QUEUE);
      await boss.offWork(TRANSLATION_SCHEDULE_QUEUE);
    },
  };
}
