import type PgBoss from "pg-boss";
import { db } from "@/lib/core/db";
import { ensureQueues, registerLocalWorker, sendLocal } from "@/lib/core/queue/boss";
import { backfillRenditionsPage } from "@/lib/surfaces/workers/backfill";
import { changeOfContents } from "@/lib/surfaces/workers/public-change";
import {
  BACKFILL_QUEUE,
  MEDIA_QUEUES,
  SWEEP_QUEUE,
  WEB_COPIES_QUEUE,
  WATERMARK_QUEUE,
  GALLERY_EXPIRY_QUEUE,
  type WatermarkJobData,
  type GalleryExpiryJobData,
  type BackfillJobData,
  type WebCopiesJobData,
  type MediaJobData,
  type MediaQueue,
} from "@/lib/core/queue/queues";
import type { PublicChange } from "@/lib/platform/site/cache-tags";
import { sweepMedia } from "@/lib/surfaces/workers/sweep";
import {
  MEDIA_ERRORS,
  markMediaFailed,
  PermanentMediaError,
  processMedia,
} from "@/lib/platform/media/process-media";
import { expiredGalleryChange } from "@/lib/features/content/expiry";
import { makeWebCopiesOf } from "@/lib/platform/media/web-copy";
import { syncGalleryWatermarks } from "@/lib/platform/media/watermark/pass";

/** A sponsor logo still processing: the gallery's pass runs again after this. */
const WATERMARK_RETRY_SECONDS = 15;

export interface WorkerOptions {
  concurrency: Record<"image" | "video" | "audio", number>;
  /** Called when media became ready, to refresh public pages. */
  onPublicChange?: (change: PublicChange) => Promise<unknown>;
  /** Cron for the sweep (null: none); it also runs once at start. */
  sweepCron?: string | null;
  pollingIntervalSeconds?: number;
  /** Media per job of the renditions backfill (lib/surfaces/workers/backfill.ts). */
  backfillPageSize?: number;
}

/**
 * One media job. Bad files fail at once with their reason; other errors are thrown so
 * pg-boss retries them (with backoff), and the last attempt marks the media failed. Returns the
 * content of a photo that became ready, when fans download that content's photos at web size
 * (its copy is then due: the caller queues the content's web-copies job).
 */
export async function handleMediaJob(
  job: PgBoss.JobWithMetadata<MediaJobData>,
  onPublicChange?: WorkerOptions["onPublicChange"],
): Promise<{ webCopiesOf: string | null }> {
  const { mediaId } = job.data;
  try {
    const outcome = await processMedia(mediaId);
    if (outcome.status === "ready" && onPublicChange) {
      const contentIds = outcome.contentId ? [outcome.contentId] : [];
      await onPublicChange(await changeOfContents(outcome.companyId, contentIds)).catch(() => undefined);
    }
    const webCopiesOf =
      outcome.status === "ready" && outcome.contentId && (await wantsWebCopies(outcome.contentId))
        ? outcome.contentId
        : null;
    return { webCopiesOf };
  } catch (error) {
    if (error instanceof PermanentMediaError) {
      console.warn("[afterglow] media cannot be processed", { mediaId, reason: error.message });
      await markMediaFailed(mediaId, error.messageKey);
      return { webCopiesOf: null };
    }
    console.error("[afterglow] media processing failed", { mediaId, attempt: job.retryCount + 1, error });
    if (job.retryCount >= job.retryLimit) await markMediaFailed(mediaId, MEDIA_ERRORS.processingFailed);
    throw error;
  }
}

async function wantsWebCopies(contentId: string): Promise<boolean> {
  const content = await db.content.findUnique({ where: { id: contentId }, select: { downloadRule: true } });
  return content?.downloadRule === "web";
}

/**
 * Starts the media workers on `boss` (started, with supervise and schedule on) and the
 * sweep, working on the app's database and storage. Returns a function that stops taking
 * new jobs.
 */
export async function startMediaWorkers(
  boss: PgBoss,
  options: WorkerOptions,
): Promise<{ stop(): Promise<void> }> {
  await ensureQueues(boss);
  const queues: [MediaQueue, number][] = [
    [MEDIA_QUEUES.image, options.concurrency.image],
    [MEDIA_QUEUES.video, options.concurrency.video],
    [MEDIA_QUEUES.audio, options.concurrency.audio],
  ];
  for (const [queue, count] of queues) {
    for (let i = 0; i < count; i++) {
      const id = await boss.work<MediaJobData>(
        queue,
        { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 },
        async ([job]) => {
          if (!job) return;
          const { webCopiesOf } = await handleMediaJob(job, options.onPublicChange);
          if (webCopiesOf) await sendLocal(boss, WEB_COPIES_QUEUE, { contentId: webCopiesOf }, webCopiesOf);
        },
      );
      registerLocalWorker(boss, queue, id);
    }
  }
  await boss.work(SWEEP_QUEUE, { pollingIntervalSeconds: 10 }, async () => {
    const report = await sweepMedia();
    if (Object.values(report).some((n) => n > 0)) console.log("[afterglow] media sweep", report);
  });
  if (options.sweepCron !== null) await boss.schedule(SWEEP_QUEUE, options.sweepCron ?? "*/10 * * * *");
  // Once now, for whatever the last run left behind.
  await boss.send(SWEEP_QUEUE, {});
  const polling = { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 };
  await boss.work<BackfillJobData>(BACKFILL_QUEUE, polling, async ([job]) => {
    if (!job) return;
    const afterId = job.data.afterId ?? null;
    const page = await backfillRenditionsPage(afterId, options.onPublicChange, options.backfillPageSize);
    if (page.added > 0 || page.failed > 0) console.log("[afterglow] renditions backfill", page);
    if (page.nextAfterId) await boss.send(BACKFILL_QUEUE, { afterId: page.nextAfterId });
  });
  await boss.work<WebCopiesJobData>(WEB_COPIES_QUEUE, polling, async ([job]) => {
    if (!job) return;
    const result = await makeWebCopiesOf(job.data.contentId);
    if (result.made > 0 || result.failed > 0) {
      console.log("[afterglow] web-size copies", { contentId: job.data.contentId, ...result });
    }
  });
  const watermarkWorker = await boss.work<WatermarkJobData>(WATERMARK_QUEUE, polling, async ([job]) => {
    if (!job) return;
    const { contentId } = job.data;
    // Each batch refreshes the gallery's pages, so they take up the marked renditions as they come.
    const refresh = async (companyId: string) =>
      options.onPublicChange?.(await changeOfContents(companyId, [contentId])).catch(() => undefined);
    const result = await syncGalleryWatermarks(contentId, refresh);
    if (result.retryLater) {
      await boss.send(WATERMARK_QUEUE, job.data, {
        startAfter: WATERMARK_RETRY_SECONDS,
        singletonKey: contentId,
      });
    }
    if (result.drawn > 0 || result.removed > 0 || result.failed > 0) {
      console.log("[afterglow] watermarks", { contentId, ...result });
    }
  });
  // The organiser waits for it (a progress bar): woken at once when this process sends.
  registerLocalWorker(boss, WATERMARK_QUEUE, watermarkWorker);
  await boss.work<GalleryExpiryJobData>(GALLERY_EXPIRY_QUEUE, polling, async ([job]) => {
    if (!job) return;
    const change = await expiredGalleryChange(job.data);
    if (change && options.onPublicChange) await options.onPublicChange(change);
  });
  // One pass per start: a new width in DEFAULT_VARIANT_WIDTHS arrives with a deploy.
  await boss.send(BACKFILL_QUEUE, {});
  return {
    async stop() {
      const own = [SWEEP_QUEUE, BACKFILL_QUEUE, WEB_COPIES_QUEUE, WATERMARK_QUEUE, GALLERY_EXPIRY_QUEUE];
      for (const queue of [...queues.map(([q]) => q), ...own]) {
        await boss.offWork(queue);
      }
    },
  };
}
