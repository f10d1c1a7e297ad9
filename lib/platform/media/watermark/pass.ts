import "server-only";
import { db } from "@/lib/core/db";
import { markSpecOf, placedMarks, type MarkSpec } from "@/lib/platform/media/watermark/marks";
import { unmarkPhoto, watermarkPhoto, type Marks } from "@/lib/platform/media/watermark/apply";
import { Prisma } from "@/lib/generated/prisma/client";

/**
 * The background pass over one gallery (issue #36, the worker's `WATERMARK_QUEUE` job): when the
 * gallery is watermarked, every ready photo without renditions of the current marks gets them
 * (one at a time: sharp on one core, the rest of the machine serving fans); when it is not, every
 * photo's marked renditions are removed. Idempotent: a job delivered twice, or after another,
 * finds nothing left to do. When the organiser changes the switch or the marks meanwhile, or a
 * photo becomes ready during it, it starts again with what is current (a few rounds at most).
 *
 * Bounded (attacker review): marks that cannot be prepared (a sponsor logo whose file cannot be
 * read or decoded) are recorded on the gallery (`watermarkFailedMarks`, `watermarkFailures`);
 * after `WATERMARK_MARK_ATTEMPTS` passes in a row on the same marks the pass stops asking to run
 * again and leaves those marks alone until they change (another sponsor logo or design: another
 * hash), and the progress says so. A photo that fails is not tried again within the pass; it is
 * recorded on the photo (`MediaFile.watermarkFailedMarks`, `watermarkFailures`) and the pass asks
 * to run again, until the photo has failed `WATERMARK_MARK_ATTEMPTS` passes on the same marks:
 * then it is left alone (attacker review: it was never tried again, and the gallery's panel
 * waited for it for ever) and the progress counts it as failed, not pending. The organiser's
 * "Try again" forgets both records (`forgetWatermarkFailures`).
 */
export interface PassResult {
  drawn: number;
  removed: number;
  failed: number;
  /** A sponsor logo is still being processed, or the marks failed for now: run again shortly. */
  retryLater: boolean;
  /** The marks failed `WATERMARK_MARK_ATTEMPTS` passes in a row: not tried again until they change. */
  gaveUp: boolean;
}

/** Passes in a row that may fail to prepare the same marks before they are left alone. */
export const WATERMARK_MARK_ATTEMPTS = 3;

/** Photos between two checks of the spec and two refreshes of the gallery's pages. */
export const PASS_BATCH = 8;

/** What a photo's failure is recorded against: the marks' hash, or "off" for a removal. */
const failureKey = (spec: Pick<MarkSpec, "on" | "hash">) => (spec.on ? spec.hash : "off");

/** A photo the pass gave up on: it failed `WATERMARK_MARK_ATTEMPTS` passes on these marks (SQL). */
const givenUpSql = (key: string) => Prisma.sql`coalesce(m."watermarkFailedMarks" = ${key}
  AND m."watermarkFailures" >= ${WATERMARK_MARK_ATTEMPTS}, false)`;

/** A photo's marked renditions are of these marks (SQL over `media_file`, for the pass and its progress). */
const currentSql = (hash: string) => Prisma.sql`(m.watermark->>'design' = ${hash}
  AND jsonb_array_length(coalesce(m.watermark->'variants', '[]'::jsonb)) > 0)`;

/** The gallery's ready photos that do not yet look as the spec wants (and not given up on), in gallery order. */
async function duePhotos(contentId: string, spec: Pick<MarkSpec, "on" | "hash">): Promise<string[]> {
  const due = spec.on
    ? Prisma.sql`NOT coalesce(${currentSql(spec.hash)}, false)`
    : Prisma.sql`m.watermark IS NOT NULL`;
  const rows = await db.$queryRaw<{ id: string }[]>`
    SELECT m.id FROM media_file m
    WHERE m."contentId" = ${contentId} AND m.kind = 'photo' AND m.state = 'ready' AND ${due}
      AND NOT ${givenUpSql(failureKey(spec))}
    ORDER BY m.position, m."createdAt"`;
  return rows.map((row) => row.id);
}

export async function syncGalleryWatermarks(
  contentId: string,
  /** Called after each batch that changed something (the worker refreshes the gallery's pages). */
  onBatch?: (companyId: string) => Promise<unknown>,
): Promise<PassResult> {
  const result: PassResult = { drawn: 0, removed: 0, failed: 0, retryLater: false, gaveUp: false };
  const failedPhotos = new Set<string>();
  // The switch or the marks changed meanwhile: start again with them (not every change queues a
  // pass of its own — a logo that finished processing, a renamed company), a few times at most.
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const spec = await markSpecOf(contentId);
    if (!spec) return result;
    if (spec.on && spec.sponsorPending) return { ...result, retryLater: true };
    const due = (await duePhotos(contentId, spec)).filter((id) => !failedPhotos.has(id));
    if (due.length === 0) return result;
    let marks: Marks | null = null;
    if (spec.on) {
      if (await gaveUpOn(contentId, spec.hash))
        return { ...result, failed: result.failed + due.length, gaveUp: true };
      try {
        marks = { spec, placed: await placedMarks(spec) };
      } catch (error) {
        // A logo unreadable for now (the store) or for good (a damaged file): the photos stay
        // due; the pass is tried again later, a few times, then left until the marks change.
        const failures = await recordFailure("content", contentId, spec.hash);
        console.error("[afterglow] watermark pass: the marks could not be read", {
          contentId,
          failures,
          // The error's class and message only: never the store's request with its signed details.
          reason: error instanceof Error ? `${error.name}: ${error.message.slice(0, 200)}` : "unknown",
        });
        const gaveUp = failures >= WATERMARK_MARK_ATTEMPTS;
        return { ...result, failed: result.failed + due.length, retryLater: !gaveUp, gaveUp };
      }
      await clearFailure("content", contentId);
    }
    if (!(await drawDue(contentId, due, spec, marks, result, failedPhotos, onBatch))) return result;
  }
  // Still changing: the next job (queued by the change, or by the worker's retry) goes on.
  return { ...result, retryLater: true };
}

/** Rounds of a pass before it leaves the rest to the next job. */
const MAX_ROUNDS = 3;

/** Whether the pass has left these marks alone (they failed too often). */
async function gaveUpOn(contentId: string, hash: string): Promise<boolean> {
  const row = await db.content.findUnique({
    where: { id: contentId },
    select: { watermarkFailedMarks: true, watermarkFailures: true },
  });
  return row?.watermarkFailedMarks === hash && row.watermarkFailures >= WATERMARK_MARK_ATTEMPTS;
}

/**
 * The two rows the pass keeps failures on: the gallery (its marks) and a photo. A fixed union
 * mapped to constant SQL, so `Prisma.raw` never sees anything but these two names.
 */
type FailureTable = "content" | "media_file";
const FAILURE_TABLES: Record<FailureTable, Prisma.Sql> = {
  content: Prisma.raw("content"),
  media_file: Prisma.raw("media_file"),
};

/**
 * Counts one more failed pass on `key` (the marks' hash, or a photo's failure key) for the row
 * (the first on it when it failed on another key before); the count.
 */
async function recordFailure(table: FailureTable, id: string, key: string): Promise<number> {
  // SQL, not Prisma's update: the pass's bookkeeping is no edit of the row (`updatedAt`).
  const [row] = await db.$queryRaw<{ failures: number }[]>`
    UPDATE ${FAILURE_TABLES[table]} SET
      "watermarkFailures" = CASE WHEN "watermarkFailedMarks" = ${key} THEN "watermarkFailures" + 1 ELSE 1 END,
      "watermarkFailedMarks" = ${key}
    WHERE id = ${id}
    RETURNING "watermarkFailures" AS failures`;
  return row?.failures ?? WATERMARK_MARK_ATTEMPTS;
}

/** The marks could be prepared, or the photo was drawn (or cleaned): its earlier failures are over. */
async function clearFailure(table: FailureTable, id: string): Promise<void> {
  await db.$executeRaw`
    UPDATE ${FAILURE_TABLES[table]} SET "watermarkFailedMarks" = NULL, "watermarkFailures" = 0
    WHERE id = ${id} AND "watermarkFailedMarks" IS NOT NULL`;
}

/**
 * The organiser asked to try again (the gallery's switch saved, lib/features/watermarks/save.ts):
 * the pass forgets that it gave up on the gallery's marks and on any of its photos.
 */
export async function forgetWatermarkFailures(contentId: string): Promise<void> {
  await clearFailure("content", contentId);
  await db.$executeRaw`
    UPDATE media_file SET "watermarkFailedMarks" = NULL, "watermarkFailures" = 0
    WHERE "contentId" = ${contentId} AND "watermarkFailedMarks" IS NOT NULL`;
}

/** Draws (or removes) the photos due; false when done, true when the spec changed meanwhile. */
async function drawDue(
  contentId: string,
  due: readonly string[],
  spec: MarkSpec,
  marks: Marks | null,
  result: PassResult,
  failedPhotos: Set<string>,
  onBatch?: (companyId: string) => Promise<unknown>,
): Promise<boolean> {
  let sinceBatch = 0;
  for (const [index, id] of due.entries()) {
    try {
      if (marks) {
        if ((await watermarkPhoto(id, marks)) === "drawn") result.drawn++;
      } else {
        await unmarkPhoto(id);
        result.removed++;
      }
      sinceBatch++;
      await clearFailure("media_file", id);
    } catch (error) {
      result.failed++;
      failedPhotos.add(id);
      // Not again in this pass; in the next ones (a store outage passes), a few times at most.
      const failures = await recordFailure("media_file", id, failureKey(spec));
      if (failures < WATERMARK_MARK_ATTEMPTS) result.retryLater = true;
      console.error("[afterglow] watermark pass: a photo failed", {
        contentId,
        mediaId: id,
        failures,
        error,
      });
    }
    if ((index + 1) % PASS_BATCH === 0 && index + 1 < due.length) {
      if (sinceBatch > 0) await onBatch?.(spec.companyId);
      sinceBatch = 0;
      const now = await markSpecOf(contentId);
      if (!now || now.on !== spec.on || now.hash !== spec.hash) return true;
    }
  }
  if (sinceBatch > 0) await onBatch?.(spec.companyId);
  // A photo that became ready while this round ran, or a change in its last batch: another round
  // (not for the photos that failed: another round would fail them again).
  const now = await markSpecOf(contentId);
  if (!now) return false;
  if (now.on !== spec.on || now.hash !== spec.hash) return true;
  return (await duePhotos(contentId, now)).some((id) => !failedPhotos.has(id));
}

export interface WatermarkProgress {
  on: boolean;
  /** Ready photos of the gallery. */
  total: number;
  /** Those that already look as the switch and the marks want. */
  done: number;
  /**
   * Those the pass gave up on (each failed `WATERMARK_MARK_ATTEMPTS` passes on the current marks):
   * neither done nor pending. 0 when the pass gave up on the marks themselves (the reason then).
   */
  failedPhotos: number;
  /**
   * Not moving: the pass gave up on the current marks (a sponsor logo that cannot be read), or
   * every photo not done is one it gave up on.
   */
  failed: boolean;
}

/** How far the pass of a gallery is (the caller has checked the gallery is the company's). */
export async function watermarkProgressOf(contentId: string): Promise<WatermarkProgress | null> {
  const spec = await markSpecOf(contentId);
  if (!spec) return null;
  const current = spec.on ? currentSql(spec.hash) : Prisma.sql`m.watermark IS NULL`;
  const [row] = await db.$queryRaw<{ total: bigint; done: bigint; failed: bigint }[]>`
    SELECT count(*) AS total, count(*) FILTER (WHERE coalesce(${current}, false)) AS done,
      count(*) FILTER (WHERE NOT coalesce(${current}, false) AND ${givenUpSql(failureKey(spec))}) AS failed
    FROM media_file m WHERE m."contentId" = ${contentId} AND m.kind = 'photo' AND m.state = 'ready'`;
  const total = Number(row?.total ?? 0);
  const done = Number(row?.done ?? 0);
  if (spec.on && (await gaveUpOn(contentId, spec.hash)))
    return { on: spec.on, total, done, failedPhotos: 0, failed: true };
  const failedPhotos = Number(row?.failed ?? 0);
  return { on: spec.on, total, done, failedPhotos, failed: failedPhotos > 0 && done + failedPhotos >= total };
}
