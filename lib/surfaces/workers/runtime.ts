import { env } from "@/lib/core/env";
import { startAnalyticsRollup } from "@/lib/surfaces/workers/analytics";
import { startDomainChecks } from "@/lib/surfaces/workers/domains";
import { requestRevalidation } from "@/lib/platform/site/revalidate";
import { getBoss, worksJobs } from "@/lib/core/queue/sender";
import { startTranslationWorker } from "@/lib/surfaces/workers/translation";
import { startMediaWorkers } from "@/lib/surfaces/workers/worker";
import { startWebhookDelivery } from "@/lib/surfaces/workers/webhooks";

/**
 * The job workers of this process, started once. The jobs work on the app's singletons
 * (`lib/core/db.ts`, `lib/core/storage`), so this module runs only where `server-only` resolves: in
 * the Next.js server, or a Node process started with `--conditions=react-server`.
 */
const shared = globalThis as unknown as { afterglowWorkers?: Promise<void> };

/**
 * Starts the media workers in this process, once. Called from `instrumentation.ts` when the
 * Next.js server boots (MEDIA_WORKER=inline, the default) and by `lib/surfaces/workers/run-worker.ts`.
 */
export function startWorkers(options: { log?: (message: string) => void } = {}): Promise<void> {
  const log = options.log ?? ((m: string) => console.log(`[afterglow] ${m}`));
  shared.afterglowWorkers ??= (async () => {
    if (!env.DATABASE_URL) {
      log("media workers not started: DATABASE_URL is not set");
      return;
    }
    const boss = await getBoss();
    await startMediaWorkers(boss, {
      concurrency: {
        image: env.MEDIA_IMAGE_CONCURRENCY,
        video: env.MEDIA_VIDEO_CONCURRENCY,
        audio: env.MEDIA_AUDIO_CONCURRENCY,
      },
      onPublicChange: (change) => requestRevalidation(change),
    });
    await startAnalyticsRollup(boss, { log });
    await startDomainChecks(boss);
    await startTranslationWorker(boss, { onPublicChange: (change) => requestRevalidation(change) });
    await startWebhookDelivery(boss);
    log(
      `media workers started (images ×${env.MEDIA_IMAGE_CONCURRENCY}, video ×${env.MEDIA_VIDEO_CONCURRENCY}, audio ×${env.MEDIA_AUDIO_CONCURRENCY}) the analytics roll-up, the domain checks, the translation runs and the webhook deliveries`,
    );
  })();
  shared.afterglowWorkers.catch((error: unknown) => {
    console.error("[afterglow] media workers failed to start", error);
    shared.afterglowWorkers = undefined;
  });
  return shared.afterglowWorkers;
}

export function inlineWorkersEnabled(): boolean {
  return worksJobs() && env.NEXT_PHASE !== "phase-production-build";
}
