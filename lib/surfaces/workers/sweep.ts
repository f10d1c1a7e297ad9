import { db } from "@/lib/core/db";
import { queueForKind } from "@/lib/core/queue/queues";
import { sendMediaJob } from "@/lib/core/queue/sender";
import { deleteMedia } from "@/lib/platform/media/delete-media";
import { isStrayUploadObject, prefixOfKey } from "@/lib/platform/media/keys";
import { MEDIA_ERRORS, markMediaFailed } from "@/lib/platform/media/process-media";
import { mediaSettings } from "@/lib/platform/media/settings";
import { storage } from "@/lib/core/storage";

export interface SweepOptions {
  now?: Date;
  /** An upload never completed after this long is abandoned: deleted, its bytes given back. */
  abandonedUploadMs?: number;
  /** Media processing longer than this is re-queued (its job died with its worker). */
  staleProcessingMs?: number;
  /** …and after this long since upload it is given up as failed. */
  giveUpProcessingMs?: number;
  /** A banner uploaded for an event form that was never saved. */
  orphanBannerMs?: number;
  /**
   * How long after its URL expired a completed single upload's folder is still checked for
   * stray objects (a PUT to the URL after completion, a copy left by an interrupted one).
   */
  strayUploadWindowMs?: number;
  /** Lifetime of the upload URLs (the media settings' by default). */
  uploadUrlTtlSeconds?: number;
}

export interface SweepReport {
  abandonedUploads: number;
  requeued: number;
  failed: number;
  orphanBanners: number;
  strayUploadObjects: number;
}

const HOUR = 3600_000;

/**
 * Housekeeping, every 10 minutes and when a worker starts: what a crash, a closed laptop or
 * an abandoned form leaves behind. Idempotent; safe to run from several workers at once.
 */
export async function sweepMedia(options: SweepOptions = {}): Promise<SweepReport> {
  const now = options.now ?? new Date();
  const before = (ms: number) => new Date(now.getTime() - ms);
  const report: SweepReport = {
    abandonedUploads: 0,
    requeued: 0,
    failed: 0,
    orphanBanners: 0,
    strayUploadObjects: 0,
  };

  const abandoned = await db.mediaFile.findMany({
    where: { state: "uploading", updatedAt: { lt: before(options.abandonedUploadMs ?? 24 * HOUR) } },
    select: { id: true, companyId: true },
    take: 500,
  });
  for (const m of abandoned) {
    const { ids } = await deleteMedia(m.companyId, { id: m.id, state: "uploading" });
    report.abandonedUploads += ids.length;
  }

  const stale = await db.mediaFile.findMany({
    where: { state: "processing", updatedAt: { lt: before(options.staleProcessingMs ?? 20 * 60_000) } },
    select: { id: true, kind: true, createdAt: true },
    take: 500,
  });
  for (const m of stale) {
    const queue = queueForKind(m.kind);
    if (!queue || m.createdAt < before(options.giveUpProcessingMs ?? 24 * HOUR)) {
      await markMediaFailed(m.id, MEDIA_ERRORS.processingFailed);
      report.failed++;
      continue;
    }
    // Touch the row so the next sweep waits a full period before trying again.
    const { count } = await db.mediaFile.updateMany({
      where: { id: m.id, state: "processing" },
      data: { processingError: null },
    });
    if (count > 0) {
      await sendMediaJob(queue, { mediaId: m.id });
      report.requeued++;
    }
  }

  // Media outside any content is a banner (the event stores its key) or a leftover.
  const loose = await db.mediaFile.findMany({
    where: {
      contentId: null,
      state: { not: "uploading" },
      createdAt: { lt: before(options.orphanBannerMs ?? 24 * HOUR) },
    },
    select: { id: true, companyId: true, storageKey: true },
    take: 500,
  });
  if (loose.length > 0) {
    const keys = loose.map((m) => m.storageKey);
    const [events, sponsors, companies] = await Promise.all([
      db.event.findMany({ where: { bannerKey: { in: keys } }, select: { bannerKey: true } }),
      // An event's sponsor logo (issue #36: the second watermark) is kept like its banner.
      db.event.findMany({ where: { sponsorLogoKey: { in: keys } }, select: { sponsorLogoKey: true } }),
      db.company.findMany({ where: { logoKey: { in: keys } }, select: { logoKey: true } }),
    ]);
    const used = new Set([
      ...events.map((e) => e.bannerKey),
      ...sponsors.map((e) => e.sponsorLogoKey),
      ...companies.map((c) => c.logoKey),
    ]);
    for (const m of loose.filter((l) => !used.has(l.storageKey))) {
      const { ids } = await deleteMedia(m.companyId, { id: m.id, contentId: null });
      report.orphanBanners += ids.length;
    }
  }
  report.strayUploadObjects = await removeStrayUploadObjects(now, options);
  return report;
}

/**
 * A single upload's URL can still write to the upload key after completion moved the file
 * (issue #12, hole 7), until it expires. Once it has, the folders of uploads completed in
 * the window are cleared of such objects and of copies an interrupted completion left,
 * so they cost no storage; the media's own key and renditions are never touched. Sweeps run
 * every 10 minutes, so each folder is looked at several times; a stray missed by all of them
 * still goes with the media's folder when it is deleted.
 */
async function removeStrayUploadObjects(now: Date, options: SweepOptions): Promise<number> {
  const expired = now.getTime() - (options.uploadUrlTtlSeconds ?? mediaSettings().uploadUrlTtlSeconds) * 1000;
  // A minute's margin for the store's clock and the signing after the row was created.
  const newest = new Date(expired - 60_000);
  const oldest = new Date(expired - (options.strayUploadWindowMs ?? 2 * HOUR));
  const completed = await db.mediaFile.findMany({
    where: { state: { not: "uploading" }, partSizeBytes: null, createdAt: { gt: oldest, lte: newest } },
    select: { storageKey: true },
    // Oldest first: a busy window is worked through over the next sweeps, not sampled.
    orderBy: { createdAt: "asc" },
    take: 500,
  });
  let removed = 0;
  for (const { storageKey } of completed) {
    for (const key of await storage.listKeys(`${prefixOfKey(storageKey)}/`)) {
      if (!isStrayUploadObject(key, storageKey)) continue;
      await storage.delete(key);
      removed++;
    }
  }
  return removed;
}
