import { db } from "@/lib/db";
import { queueForKind } from "@/lib/jobs/queues";
import { sendMediaJob } from "@/lib/jobs/sender";
import { deleteMedia } from "@/lib/media/delete-media";
import { MEDIA_ERRORS, markMediaFailed } from "@/lib/media/process-media";

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
}

export interface SweepReport {
  abandonedUploads: number;
  requeued: number;
  failed: number;
  orphanBanners: number;
}

const HOUR = 3600_000;

/**
 * Housekeeping, every 10 minutes and when a worker starts: what a crash, a closed laptop or
 * an abandoned form leaves behind. Idempotent; safe to run from several workers at once.
 */
export async function sweepMedia(options: SweepOptions = {}): Promise<SweepReport> {
  const now = options.now ?? new Date();
  const before = (ms: number) => new Date(now.getTime() - ms);
  const report: SweepReport = { abandonedUploads: 0, requeued: 0, failed: 0, orphanBanners: 0 };

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
    const [events, companies] = await Promise.all([
      db.event.findMany({ where: { bannerKey: { in: keys } }, select: { bannerKey: true } }),
      db.company.findMany({ where: { logoKey: { in: keys } }, select: { logoKey: true } }),
    ]);
    const used = new Set([...events.map((e) => e.bannerKey), ...companies.map((c) => c.logoKey)]);
    for (const m of loose.filter((l) => !used.has(l.storageKey))) {
      const { ids } = await deleteMedia(m.companyId, { id: m.id, contentId: null });
      report.orphanBanners += ids.length;
    }
  }
  return report;
}
