import "server-only";
import { db } from "@/lib/core/db";
import { JOBS_SCHEMA } from "@/lib/core/queue/boss";

/**
 * The job queue's health from pg-boss's own tables (schema `pgboss`): aggregate numbers over
 * every queue, never a job's payload (jobs of every company share these tables).
 *
 * - queued: jobs due now (created or waiting for a retry, `start_after` passed). Jobs scheduled
 *   for later (a gallery's expiry next month) are not a backlog and are not counted.
 * - oldestQueuedSeconds: how long the oldest due job has been due (since its `start_after`).
 * - failed24h: jobs that failed for good in the last 24 hours, in the live table or already
 *   archived (pg-boss moves finished jobs to `archive` after 12 hours).
 *
 * The worker has no heartbeat of its own, but every process that works jobs runs pg-boss with
 * `schedule` and `supervise` on (lib/core/queue/sender.ts `worksJobs`), and pg-boss stamps
 * `version.cron_on` every 30 s (its cron monitor) and `version.maintained_on` every 2 minutes.
 * So the worker is:
 * - "ok" when that stamp is at most WORKER_SILENT_AFTER_SECONDS old and the queue is moving;
 * - "stalled" when the stamp is fresh but the oldest due job has waited more than
 *   STALLED_AFTER_SECONDS and no job finished in that time (workers alive but stuck);
 * - "down" when no process stamped for WORKER_SILENT_AFTER_SECONDS (or never did).
 */
export const WORKER_SILENT_AFTER_SECONDS = 3 * 60;
export const STALLED_AFTER_SECONDS = 15 * 60;

export interface QueueStats {
  queued: number;
  active: number;
  failed24h: number;
  oldestQueuedSeconds: number | null;
  lastCompletedAt: Date | null;
  /** The last stamp of a job-working process (pg-boss's cron monitor or supervisor). */
  workerSeenAt: Date | null;
}

export type WorkerState = "ok" | "stalled" | "down";

const EMPTY: QueueStats = {
  queued: 0,
  active: 0,
  failed24h: 0,
  oldestQueuedSeconds: null,
  lastCompletedAt: null,
  workerSeenAt: null,
};

interface StatsRow {
  queued: number;
  active: number;
  failed24h: number;
  oldest_seconds: number | null;
  last_completed: Date | null;
  worker_seen: Date | null;
}

/** The queue's numbers, or zeros while pg-boss has not created its tables (no job sent yet). */
export async function readQueueStats(): Promise<QueueStats> {
  const [exists] = await db.$queryRawUnsafe<{ present: boolean }[]>(
    `select to_regclass('${JOBS_SCHEMA}.job') is not null as present`,
  );
  if (!exists?.present) return EMPTY;
  const s = JOBS_SCHEMA;
  // `state < 'active'` is pg-boss's own test for waiting jobs (job_state is an ordered enum:
  // created, retry, active, completed, cancelled, failed).
  const [row] = await db.$queryRawUnsafe<StatsRow[]>(`
    select
      (select count(*) from ${s}.job where state < 'active' and start_after <= now())::int as queued,
      (select count(*) from ${s}.job where state = 'active')::int as active,
      ((select count(*) from ${s}.job where state = 'failed' and completed_on > now() - interval '24 hours')
        + (select count(*) from ${s}.archive where state = 'failed' and completed_on > now() - interval '24 hours'))::int as failed24h,
      (select extract(epoch from now() - min(start_after))::float8 from ${s}.job
        where state < 'active' and start_after <= now()) as oldest_seconds,
      greatest(
        (select max(completed_on) from ${s}.job where state = 'completed'),
        (select max(completed_on) from ${s}.archive where state = 'completed')
      ) as last_completed,
      (select greatest(max(cron_on), max(maintained_on)) from ${s}.version) as worker_seen
  `);
  if (!row) return EMPTY;
  return {
    queued: row.queued,
    active: row.active,
    failed24h: row.failed24h,
    oldestQueuedSeconds: row.oldest_seconds === null ? null : Math.floor(row.oldest_seconds),
    lastCompletedAt: row.last_completed,
    workerSeenAt: row.worker_seen,
  };
}

/** The worker's state by the rule above (pure: `now` is the caller's). */
export function workerState(stats: QueueStats, now: Date): WorkerState {
  const silentFor = stats.workerSeenAt ? (now.getTime() - stats.workerSeenAt.getTime()) / 1000 : Infinity;
  if (silentFor > WORKER_SILENT_AFTER_SECONDS) return "down";
  const waiting = (stats.oldestQueuedSeconds ?? 0) > STALLED_AFTER_SECONDS;
  const finishedRecently =
    stats.lastCompletedAt !== null &&
    (now.getTime() - stats.lastCompletedAt.getTime()) / 1000 <= STALLED_AFTER_SECONDS;
  return waiting && !finishedRecently ? "stalled" : "ok";
}
