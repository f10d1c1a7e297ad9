import type PgBoss from "pg-boss";
import { createPrismaClient } from "@/lib/db-client";
import { env } from "@/lib/env";
import { startAnalyticsRollup } from "@/lib/jobs/analytics";
import { bossJobSender, createBoss, ensureQueues } from "@/lib/jobs/boss";
import type { JobSender } from "@/lib/jobs/queues";
import { requestRevalidation } from "@/lib/jobs/revalidate";
import { startMediaWorkers } from "@/lib/jobs/worker";
import type { MediaContext } from "@/lib/media/context";
import { ObjectStore } from "@/lib/storage/objects";
import { createS3Client, storageConfigFromEnv } from "@/lib/storage/s3-client";

/**
 * The process's one pg-boss, shared through `globalThis` by the Next.js bundles that need it
 * (instrumentation starts the workers, route handlers send jobs; they are separate module
 * graphs). No `server-only` here: the standalone worker imports this outside Next.js.
 */
const shared = globalThis as unknown as {
  afterglowBoss?: Promise<PgBoss>;
  afterglowWorkers?: Promise<void>;
};

/** Whether this process works jobs (the one-machine default) or only sends them. */
const works = () => env.MEDIA_WORKER === "inline";

export function getBoss(): Promise<PgBoss> {
  if (!shared.afterglowBoss) {
    const url = env.DATABASE_URL;
    if (!url) return Promise.reject(new Error("DATABASE_URL is not set: jobs need the database"));
    shared.afterglowBoss = (async () => {
      const boss = createBoss(url, { supervise: works(), schedule: works() });
      await boss.start();
      await ensureQueues(boss);
      return boss;
    })();
    shared.afterglowBoss.catch(() => {
      shared.afterglowBoss = undefined; // try again on the next call
    });
  }
  return shared.afterglowBoss;
}

/** Sends jobs through the shared boss, starting it on first use. */
export const jobSender: JobSender = {
  async sendMediaJob(queue, data) {
    await bossJobSender(await getBoss()).sendMediaJob(queue, data);
  },
};

/** Storage for jobs, built from the environment (the app's `lib/storage` is server-only). */
export function storeFromEnv(): ObjectStore {
  const config = storageConfigFromEnv();
  return new ObjectStore(createS3Client(config), config.bucket);
}

/**
 * Starts the media workers in this process, once. Called from `instrumentation.ts` when the
 * Next.js server boots (MEDIA_WORKER=inline, the default) and by `lib/jobs/run-worker.ts`.
 */
export function startWorkers(options: { log?: (message: string) => void } = {}): Promise<void> {
  const log = options.log ?? ((m: string) => console.log(`[afterglow] ${m}`));
  shared.afterglowWorkers ??= (async () => {
    const url = env.DATABASE_URL;
    if (!url) {
      log("media workers not started: DATABASE_URL is not set");
      return;
    }
    const boss = await getBoss();
    const ctx: MediaContext = {
      db: createPrismaClient(url),
      store: storeFromEnv(),
      jobs: bossJobSender(boss),
    };
    await startMediaWorkers(boss, ctx, {
      concurrency: {
        image: env.MEDIA_IMAGE_CONCURRENCY,
        video: env.MEDIA_VIDEO_CONCURRENCY,
        audio: env.MEDIA_AUDIO_CONCURRENCY,
      },
      onPublicChange: (change) => requestRevalidation(change),
    });
    await startAnalyticsRollup(boss, ctx.db, { log });
    log(
      `media workers started (images ×${env.MEDIA_IMAGE_CONCURRENCY}, video ×${env.MEDIA_VIDEO_CONCURRENCY}, audio ×${env.MEDIA_AUDIO_CONCURRENCY}) and the analytics roll-up`,
    );
  })();
  shared.afterglowWorkers.catch((error: unknown) => {
    console.error("[afterglow] media workers failed to start", error);
    shared.afterglowWorkers = undefined;
  });
  return shared.afterglowWorkers;
}

export function inlineWorkersEnabled(): boolean {
  return works() && env.NEXT_PHASE !== "phase-production-build";
}
