import "server-only";
import { db } from "@/lib/core/db";
import type { PrismaClient } from "@/lib/core/db-client";
import { Prisma } from "@/lib/generated/prisma/client";
import { prefixOfKey } from "@/lib/platform/media/keys";
import { parseStoredVariants } from "@/lib/platform/media/variants";
import { releaseStorage } from "@/lib/platform/plans/enforce";
import { storage } from "@/lib/core/storage";

type Db = PrismaClient | Prisma.TransactionClient;

/**
 * Bytes a media row accounts for in `Company.storageUsedBytes`: its original (as announced,
 * reserved when the upload was presigned) and every rendition listed in `variants` (the
 * poster of a video included). A photo's download copy for fans (`downloadKey`) is not counted
 * (lib/platform/media/download-copy.ts says why), though it is deleted with the rest. The seed
 * derives the company total the same way.
 */
export function storedBytesOf(row: { sizeBytes: bigint; variants: unknown }): bigint {
  let total = row.sizeBytes;
  for (const v of parseStoredVariants(row.variants) ?? []) total += BigInt(v.bytes);
  return total;
}

export const removableSelect = {
  id: true,
  companyId: true,
  contentId: true,
  storageKey: true,
  sizeBytes: true,
  variants: true,
  posterKey: true,
  downloadKey: true,
  multipartUploadId: true,
} satisfies Prisma.MediaFileSelect;

export type RemovableMedia = Prisma.MediaFileGetPayload<{ select: typeof removableSelect }>;

/**
 * Deletes every stored object of media whose rows are already gone: the known keys, plus
 * anything else under the media's folder (a rendition written by a job that was still
 * running, a part uploaded after an abort). Failures are logged, never thrown: the rows are
 * the truth, and an unreferenced object costs bytes, not correctness.
 */
export async function removeMediaObjects(rows: readonly RemovableMedia[]): Promise<void> {
  await Promise.all(
    rows.map(async (row) => {
      try {
        if (row.multipartUploadId) await storage.abortMultipartUpload(row.storageKey, row.multipartUploadId);
        const keys = new Set([row.storageKey]);
        for (const v of parseStoredVariants(row.variants) ?? []) keys.add(v.key);
        if (row.posterKey) keys.add(row.posterKey);
        if (row.downloadKey) keys.add(row.downloadKey);
        for (const key of await storage.listKeys(`${prefixOfKey(row.storageKey)}/`)) keys.add(key);
        for (const key of keys) await storage.delete(key);
      } catch (error) {
        console.error("[afterglow] could not delete media objects", { mediaId: row.id, error });
      }
    }),
  );
}

/**
 * Picks a cover for contents that have none: the first photo or video that is ready and shown
 * to fans, in gallery order. Called when media becomes ready and after deletions.
 */
export async function fillMissingCovers(
  db: Db,
  companyId: string,
  contentIds: readonly string[],
): Promise<void> {
  for (const contentId of new Set(contentIds)) {
    const first = await db.mediaFile.findFirst({
      // Never a file hidden from fans (issue #36): a cover is what fans see first.
      where: { companyId, contentId, state: "ready", hidden: false, kind: { in: ["photo", "video"] } },
      orderBy: [{ position: "asc" }, { createdAt: "asc" }],
      select: { id: true },
    });
    if (first) {
      await db.content.updateMany({
        where: { id: contentId, companyId, coverMediaId: null },
        data: { coverMediaId: first.id },
      });
    }
  }
}

/**
 * Deletes the company's media matching `where`, gives their bytes back to the company's
 * storage total, clears covers that pointed at them (choosing another), then removes the
 * objects. Returns the ids deleted and the contents they belonged to.
 */
export async function deleteMedia(
  companyId: string,
  where: Prisma.MediaFileWhereInput,
): Promise<{ ids: string[]; contentIds: string[] }> {
  const rows = await db.$transaction(async (tx) => {
    const matched = await tx.mediaFile.findMany({ where: { ...where, companyId }, select: { id: true } });
    if (matched.length === 0) return [];
    // Locked, then read: a job that lists renditions and counts their bytes (processing, the
    // renditions backfill) commits before or waits, so the bytes given back are the row's last.
    // In id order: two deletes of overlapping selections wait for each other, never deadlock.
    await tx.$queryRaw`SELECT id FROM media_file WHERE id IN (${Prisma.join(matched.map((m) => m.id))}) ORDER BY id FOR UPDATE`;
    const found = await tx.mediaFile.findMany({
      where: { ...where, companyId, id: { in: matched.map((m) => m.id) } },
      select: removableSelect,
    });
    if (found.length === 0) return found;
    const ids = found.map((r) => r.id);
    const { count } = await tx.mediaFile.deleteMany({ where: { id: { in: ids }, companyId } });
    if (count !== found.length) throw new Error("media changed while deleting; try again");
    await releaseStorage(
      tx,
      companyId,
      found.reduce((sum, r) => sum + storedBytesOf(r), 0n),
    );
    await tx.content.updateMany({
      where: { companyId, coverMediaId: { in: ids } },
      data: { coverMediaId: null },
    });
    await fillMissingCovers(
      tx,
      companyId,
      found.flatMap((r) => (r.contentId ? [r.contentId] : [])),
    );
    return found;
  });
  await removeMediaObjects(rows);
  return {
    ids: rows.map((r) => r.id),
    contentIds: [...new Set(rows.flatMap((r) => (r.contentId ? [r.contentId] : [])))],
  };
}
