import "server-only";
import type PgBoss from "pg-boss";
import { env } from "@/lib/core/env";
import { bossJobSender, createBoss, ensureQueues, sendLocal } from "@/lib/core/queue/boss";
import {
  GALLERY_EXPIRY_QUEUE,
  TRANSLATION_QUEUE,
  WEB_COPIES_QUEUE,
  WATERMARK_QUEUE,
  type MediaJobData,
  type MediaQueue,
  type TranslationJobData,
} from "@/lib/core/queue/queues";

/**
 * The process's one pg-boss, shared through `globalThis` by the Next.js bundles that need it
 * (instrumentation starts the workers, route handlers send jobs; they are separate module
 * graphs), on the app's database (DATABASE_URL).
 */
const shared = globalThis as unknown as { afterglowBoss?: Promise<PgBoss> };

/** Whether this process works jobs (the one-machine default) or only sends them. */
export const worksJobs = () => env.MEDIA_WORKER === "inline";

export function getBoss(): Promise<PgBoss> {
  if (!shared.afterglowBoss) {
    const url = env.DATABASE_URL;
    if (!url) return Promise.reject(new Error("DATABASE_URL is not set: jobs need the database"));
    shared.afterglowBoss = (async () => {
      const boss = createBoss(url, { supervise: worksJobs(), schedule: worksJobs() });
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

/** Enqueues media processing on the shared boss, starting it on first use. */
export async function sendMediaJob(queue: MediaQueue, data: MediaJobData): Promise<void> {
  await bossJobSender(await getBoss()).sendMediaJob(queue, data);
}

/**
 * Queues the engine run of one company's pending versions in one locale; the singleton key
 * keeps one waiting run per pair (a run already working is joined by at most one more).
 */
export async function sendTranslationJob(data: TranslationJobData): Promise<void> {
  await sendLocal(await getBoss(), TRANSLATION_QUEUE, data, `${data.companyId}:${data.locale}`);
}

/**
 * Asks the worker for a content's web-size copies. Best effort: a fan's download makes a
 * missing copy itself (lib/platform/media/web-copy.ts), so a queue that is down costs a slower
 * first download, never a wrong file.
 */
export async function requestWebCopies(contentId: string): Promise<void> {
  try {
    await sendLocal(await getBoss(), WEB_COPIES_QUEUE, { contentId }, contentId);
  } catch (error) {
    console.warn("[afterglow] web-size copies not queued (fans' downloads make them)", { contentId, error });
  }
}

/**
 * Asks the worker to (re)draw or remove the watermarked renditions of these galleries
 * (WATERMARK_QUEUE). Best effort: with the queue down the gallery keeps serving what it served
 * (its downloads are marked at once all the same), its page shows the pass not moving, and
 * saving the switch again queues it again.
 */
export async function requestWatermarks(contentIds: readonly string[]): Promise<void> {
  try {
    const boss = await getBoss();
    for (const contentId of contentIds) await sendLocal(boss, WATERMARK_QUEUE, { contentId }, contentId);
  } catch (error) {
    console.warn("[afterglow] watermark passes not queued", { contentIds, error });
  }
}

/**
 * Asks the worker to refresh a gallery's public pages when it expires (GALLERY_EXPIRY_QUEUE).
 * Best effort: the page, its media and its engagement refuse an expired gallery by themselves
 * (lib/platform/site/gallery-access.ts); without the job, a cached list may show its card until
 * its hourly refresh.
 */
export async function scheduleGalleryExpiry(
  contentId: string,
  expiresAt: Date,
  /** The process's boss unless given (tests pass their own). */
  bossOf: () => Promise<PgBoss> = getBoss,
): Promise<void> {
  const data = { contentId, expiresAt: expiresAt.toISOString() };
  try {
    const boss = await bossOf();
    await boss.send(GALLERY_EXPIRY_QUEUE, data, {
      startAfter: expiresAt,
      singletonKey: `${contentId}:${data.expiresAt}`,
    });
  } catch (error) {
    console.warn("[afterglow] gallery expiry not scheduled (its pages refresh within the hour)", {
      contentId,
      error,
    });
  }
}
