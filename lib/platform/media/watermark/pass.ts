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
 */
export interface PassResult {
  drawn: number;
  removed: number;
  failed: number;
  /** A sponsor logo is still being processed: the pass is to run again shortly. */
  retryLater: boolean;
}

/** Photos between two checks of the spec and two refreshes of the gallery's pages. */
export const PASS_BATCH = 8;

/** A photo's marked renditions are of these marks (SQL over `media_file`, for the pass and its progress). */
const currentSql = (hash: string) => Prisma.sql`(m.watermark->>'design' = ${hash}
  AND jsonb_array_length(coalesce(m.watermark->'variants', '[]'::jsonb)) > 0)`;

/** The gallery's ready photos that do not yet look as the spec wants, in gallery order. */
async function duePhotos(contentId: string, spec: Pick<MarkSpec, "on" | "hash">): Promise<string[]> {
  const due = spec.on
    ? Prisma.sql`NOT coalesce(${currentSql(spec.hash)}, false)`
    : Prisma.sql`m.watermark IS NOT NULL`;
  const rows = await db.$queryRaw<{ id: string }[]>`
    SELECT m.id FROM media_file m
    WHERE m."contentId" = ${contentId} AND m.kind = 'photo' AND m.state = 'ready' AND ${due}
    ORDER BY m.position, m."createdAt"`;
  return rows.map((row) => row.id);
}

export async function syncGalleryWatermarks(
  contentId: string,
  /** Called after each batch that changed something (the worker refreshes the gallery's pages). */
  onBatch?: (companyId: string) => Promise<unknown>,
): Promise<PassResult> {
  const result: PassResult = { drawn: 0, removed: 0, failed: 0, retryLater: false };
  // The switch or the marks changed meanwhile: start again with them (not every change queues a
  // pass of its own — a logo that finished processing, a renamed company), a few times at most.
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const spec = await markSpecOf(contentId);
    if (!spec) return result;
    if (spec.on && spec.sponsorPending) return { ...result, retryLater: true };
    const due = await duePhotos(contentId, spec);
    if (due.length === 0) return result;
    let marks: Marks | null = null;
    if (spec.on) {
      try {
        marks = { spec, placed: await placedMarks(spec) };
      } catch (error) {
        // A logo unreadable for now (the store, a damaged file): the photos stay due and the
        // pass is tried again later; the worker goes on with other jobs.
        console.error("[afterglow] watermark pass: the marks could not be read", {
          contentId,
          // The error's class and message only: never the store's request with its signed details.
          reason: error instanceof Error ? `${error.name}: ${error.message.slice(0, 200)}` : "unknown",
        });
        return { ...result, failed: result.failed + due.length, retryLater: true };
      }
    }
    if (!(await drawDue(contentId, due, spec, marks, result, onBatch))) return result;
  }
  // Still changing: the next job (queued by the change, or by the worker's retry) goes on.
  return { ...result, retryLater: true };
}

/** Rounds of a pass before it leaves the rest to the next job. */
const MAX_ROUNDS = 3;

/** Draws (or removes) the photos due; false when done, true when the spec changed meanwhile. */
async function drawDue(
  contentId: string,
  due: readonly string[],
  spec: MarkSpec,
  marks: Marks | null,
  result: PassResult,
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
    } catch (error) {
      result.failed++;
      console.error("[afterglow] watermark pass: a photo failed", { contentId, mediaId: id, error });
    }
    if ((index + 1) % PASS_BATCH === 0 && index + 1 < due.length) {
      if (sinceBatch > 0) await onBatch?.(spec.companyId);
      sinceBatch = 0;
      const now = await markSpecOf(contentId);
      if (!now || now.on !== spec.on || now.hash !== spec.hash) return true;
    }
  }
  if (sinceBatch > 0) await onBatch?.(spec.companyId);
  // A photo that became ready while this round ran, or a change in its last batch: another round.
  const now = await markSpecOf(contentId);
  return Boolean(
    now && (now.on !== spec.on || now.hash !== spec.hash || (await duePhotos(contentId, now)).length > 0),
  );
}

export interface WatermarkProgress {
  on: boolean;
  /** Ready photos of the gallery. */
  total: number;
  /** Those that already look as the switch and the marks want. */
  done: number;
}

/** How far the pass of a gallery is (the caller has checked the gallery is the company's). */
export async function watermarkProgressOf(contentId: string): Promise<WatermarkProgress | null> {
  const spec = await markSpecOf(contentId);
  if (!spec) return null;
  const current = spec.on ? currentSql(spec.hash) : Prisma.sql`m.watermark IS NULL`;
  const [row] = await db.$queryRaw<{ total: bigint; done: bigint }[]>`
    SELECT count(*) AS total, count(*) FILTER (WHERE coalesce(${current}, false)) AS done
    FROM media_file m WHERE m."contentId" = ${contentId} AND m.kind = 'photo' AND m.state = 'ready'`;
  return { on: spec.on, total: Number(row?.total ?? 0), done: Number(row?.done ?? 0) };
}
