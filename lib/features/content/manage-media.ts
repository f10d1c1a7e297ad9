import { assertCan } from "@/lib/platform/access/permissions";
import { recordMemberAudit } from "@/lib/core/audit/record";
import { getContentOrThrow } from "@/lib/features/content/get-content-or-throw";
import { mediaOrderBy } from "@/lib/features/content/media-page";
import type { MediaSort } from "@/lib/features/content/schemas";
import type { ContentChange } from "@/lib/features/content/save-content";
import { db } from "@/lib/core/db";
import { AppError } from "@/lib/core/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { queueForKind } from "@/lib/core/queue/queues";
import { sendMediaJob } from "@/lib/core/queue/sender";
import { deleteMedia } from "@/lib/platform/media/delete-media";
import { fileExtension, FILE_TYPE_RULES } from "@/lib/platform/media/file-types";
import { mediaSettings } from "@/lib/platform/media/settings";
import { publicStorage } from "@/lib/core/storage";
import type { Membership } from "@/lib/platform/tenancy/membership";

async function changeOf(companyId: string, contentId: string): Promise<ContentChange> {
  const links = await db.contentEvent.findMany({ where: { contentId }, select: { eventId: true } });
  return { companyId, contentIds: [contentId], eventIds: links.map((l) => l.eventId) };
}

/** Deletes a content with every stored object of its media, and gives the bytes back. */
export async function deleteContent(
  membership: Membership,
  contentId: string,
): Promise<{ changed: ContentChange }> {
  assertCan(membership, "content.manage");
  const companyId = membership.company.id;
  await getContentOrThrow(db, companyId, contentId, { id: true });
  const changed = await changeOf(companyId, contentId);
  await deleteMedia(companyId, { contentId });
  await db.$transaction([
    db.content.deleteMany({ where: { id: contentId, companyId } }),
    // Versions point at their text by id (no foreign key): they go with it.
    db.textTranslation.deleteMany({ where: { companyId, entity: "content", entityId: contentId } }),
  ]);
  return { changed };
}

type Tx = Prisma.TransactionClient;

/**
 * The content of the company, locked for the transaction (404 otherwise): two orders saved at
 * once wait for each other instead of interleaving their positions.
 */
async function lockContent(tx: Tx, companyId: string, contentId: string): Promise<void> {
  const rows = await tx.$queryRaw<{ id: string }[]>`
    SELECT id FROM content WHERE id = ${contentId} AND "companyId" = ${companyId} FOR UPDATE`;
  if (rows.length === 0) throw new AppError("not_found", "content.errors.notFound");
}

/**
 * Writes `ids` (the content's media, in their new order) as positions 0, 1, 2 … in one
 * statement, touching only the rows whose position changes: a 5,000-photo gallery is not
 * 5,000 round trips.
 */
async function writePositions(tx: Tx, companyId: string, contentId: string, ids: readonly string[]) {
  if (ids.length === 0) return;
  await tx.$executeRaw`
    UPDATE media_file AS m SET position = (v.ord - 1)::int, "updatedAt" = now()
    FROM unnest(${[...ids]}::text[]) WITH ORDINALITY AS v(id, ord)
    WHERE m.id = v.id AND m."companyId" = ${companyId} AND m."contentId" = ${contentId}
      AND m.position <> (v.ord - 1)::int`;
}

/** The content's media ids in `sort` (the gallery's own order by default). */
async function orderedIds(tx: Tx, companyId: string, contentId: string, sort: MediaSort = "position") {
  const rows = await tx.mediaFile.findMany({
    where: { companyId, contentId },
    orderBy: mediaOrderBy(sort),
    select: { id: true },
  });
  return rows.map((r) => r.id);
}

/**
 * Moves one file to `toIndex` (from 0) of the gallery order, the others closing up around it:
 * the manager's arrows and drag on one page of a large gallery (the first file of page 2 moved
 * earlier lands last on page 1). An index past the end puts it last.
 */
export async function moveMedia(
  membership: Membership,
  contentId: string,
  mediaId: string,
  toIndex: number,
): Promise<{ changed: ContentChange }> {
  assertCan(membership, "content.manage");
  const companyId = membership.company.id;
  await db.$transaction(async (tx) => {
    await lockContent(tx, companyId, contentId);
    const ids = await orderedIds(tx, companyId, contentId);
    const from = ids.indexOf(mediaId);
    if (from < 0) throw new AppError("not_found", "media.errors.notFound");
    ids.splice(from, 1);
    ids.splice(Math.min(Math.max(toIndex, 0), ids.length), 0, mediaId);
    await writePositions(tx, companyId, contentId, ids);
  });
  return { changed: await changeOf(companyId, contentId) };
}

/**
 * Makes the order the manager shows (by file name, or by capture time) the gallery's own, for
 * the whole gallery on the server: the same order `getMediaPage` pages through.
 */
export async function applyMediaOrder(
  membership: Membership,
  contentId: string,
  sort: Exclude<MediaSort, "position">,
): Promise<{ changed: ContentChange }> {
  assertCan(membership, "content.manage");
  const companyId = membership.company.id;
  await db.$transaction(async (tx) => {
    await lockContent(tx, companyId, contentId);
    await writePositions(tx, companyId, contentId, await orderedIds(tx, companyId, contentId, sort));
  });
  return { changed: await changeOf(companyId, contentId) };
}

/** Chooses the cover: a photo or video of this content (null: none). */
export async function setCover(
  membership: Membership,
  contentId: string,
  mediaId: string | null,
): Promise<{ changed: ContentChange }> {
  assertCan(membership, "content.manage");
  const companyId = membership.company.id;
  await getContentOrThrow(db, companyId, contentId, { id: true });
  if (mediaId) {
    const media = await db.mediaFile.findFirst({
      where: { id: mediaId, companyId, contentId, kind: { in: ["photo", "video"] } },
      select: { id: true },
    });
    if (!media) throw new AppError("validation", "content.errors.coverInvalid");
  }
  await db.content.updateMany({ where: { id: contentId, companyId }, data: { coverMediaId: mediaId } });
  return { changed: await changeOf(companyId, contentId) };
}

/** Removes one file (an abandoned upload included: it is aborted). */
export async function deleteMediaItem(
  membership: Membership,
  mediaId: string,
): Promise<{ changed: ContentChange | null }> {
  assertCan(membership, "content.manage");
  const companyId = membership.company.id;
  const { ids, contentIds } = await deleteMedia(companyId, { id: mediaId });
  if (ids.length === 0) throw new AppError("not_found", "media.errors.notFound");
  return { changed: contentIds[0] ? await changeOf(companyId, contentIds[0]) : null };
}

/** At most this many files per bulk action (a festival gallery is a few thousand photos). */
export const BULK_MEDIA_MAX = 10_000;

/**
 * "All N files of this gallery" as the organiser confirmed it: the action applies to the whole
 * gallery on the server (no list of 5,000 ids travels), to the files that arrived up to `asOf`
 * (the newest file when the count was shown), and only while there are still `expected` of them:
 * a file uploaded since is never swept in unseen, and one gone since makes the organiser look
 * again. The count and the act read the same rows (`createdAt <= asOf`), so a file arriving
 * between them is left alone too.
 */
export interface WholeGallery {
  all: true;
  expected: number;
  asOf: string;
}

/** Files named by id (at most a page of them), or the whole gallery. */
export type MediaSelection = readonly string[] | WholeGallery;

/** The rows a selection names, within the company's content (which must exist). */
async function selectionWhere(
  companyId: string,
  contentId: string,
  selection: MediaSelection,
): Promise<Prisma.MediaFileWhereInput> {
  await getContentOrThrow(db, companyId, contentId, { id: true });
  const where = { companyId, contentId };
  if (!("all" in selection)) return { ...where, id: { in: [...selection] } };
  const shown = { ...where, createdAt: { lte: new Date(selection.asOf) } };
  if ((await db.mediaFile.count({ where: shown })) !== selection.expected) {
    throw new AppError("conflict", "content.errors.galleryChanged");
  }
  return shown;
}

/** What the audit keeps of a selection: its scope, and the first ids it named (or removed). */
function auditedSelection(selection: MediaSelection, ids: readonly string[] = []) {
  return "all" in selection
    ? { scope: "gallery", ...(ids.length > 0 ? { mediaIds: ids.slice(0, 100) } : {}) }
    : { scope: "selection", mediaIds: (ids.length > 0 ? ids : selection).slice(0, 100) };
}

/**
 * Hides files of a content from fans, or shows them again (the media manager's bulk action;
 * issue #36: a review's left-out photos are hidden the same way). Kept in the admin either way.
 */
export async function setMediaHidden(
  membership: Membership,
  contentId: string,
  selection: MediaSelection,
  hidden: boolean,
): Promise<{ changed: ContentChange; count: number }> {
  assertCan(membership, "content.manage");
  const companyId = membership.company.id;
  const where = await selectionWhere(companyId, contentId, selection);
  const { count } = await db.mediaFile.updateMany({ where, data: { hidden } });
  if (count === 0) throw new AppError("not_found", "media.errors.notFound");
  await recordMemberAudit(membership, {
    record: { table: "content", id: contentId },
    details: { operation: hidden ? "media_hidden" : "media_shown", count, ...auditedSelection(selection) },
  });
  return { changed: await changeOf(companyId, contentId), count };
}

/** Removes several files of a content at once, with every stored object, and gives the bytes back. */
export async function deleteMediaItems(
  membership: Membership,
  contentId: string,
  selection: MediaSelection,
): Promise<{ changed: ContentChange; count: number }> {
  assertCan(membership, "content.manage");
  const companyId = membership.company.id;
  const where = await selectionWhere(companyId, contentId, selection);
  const { ids } = await deleteMedia(companyId, where);
  if (ids.length === 0) throw new AppError("not_found", "media.errors.notFound");
  await recordMemberAudit(membership, {
    record: { table: "content", id: contentId },
    details: { operation: "media_deleted", count: ids.length, ...auditedSelection(selection, ids) },
  });
  return { changed: await changeOf(companyId, contentId), count: ids.length };
}

/** Processing failed: try again (the admin's Retry button). */
export async function retryMedia(membership: Membership, mediaId: string): Promise<void> {
  assertCan(membership, "content.manage");
  const companyId = membership.company.id;
  const media = await db.mediaFile.findFirst({
    where: { id: mediaId, companyId },
    select: { kind: true, state: true },
  });
  if (!media) throw new AppError("not_found", "media.errors.notFound");
  const queue = queueForKind(media.kind);
  if (media.state !== "failed" || !queue) throw new AppError("conflict", "media.errors.notRetryable");
  const { count } = await db.mediaFile.updateMany({
    where: { id: mediaId, companyId, state: "failed" },
    data: { state: "processing", processingError: null },
  });
  if (count === 1) await sendMediaJob(queue, { mediaId });
}

/**
 * A short-lived signed URL to download an original, with a safe `Content-Disposition`
 * file name (no path, no quotes or control characters, the stored type's extension) and
 * the stored type forced on the response, whatever the object's metadata says.
 */
export async function originalDownloadUrl(membership: Membership, mediaId: string): Promise<string> {
  assertCan(membership, "content.manage");
  const media = await db.mediaFile.findFirst({
    where: { id: mediaId, companyId: membership.company.id, state: { not: "uploading" } },
    select: { storageKey: true, originalName: true, mimeType: true },
  });
  if (!media) throw new AppError("not_found", "media.errors.notFound");
  // The organiser's own copy: always the original as uploaded, metadata included.
  return signedDownloadUrl(media.storageKey, media);
}

export function safeDownloadName(originalName: string, mimeType: string): string {
  const ext = FILE_TYPE_RULES[mimeType]?.ext ?? "bin";
  const base = (originalName.split(/[/\\]/).pop() ?? "").replace(/[\u0000-\u001f\u007f"\\;]/g, "").trim();
  const ext0 = fileExtension(base);
  const stem = (ext0 ? base.slice(0, base.length - ext0.length - 1) : base).trim();
  return `${(stem || "download").slice(0, 150)}.${ext}`;
}

/**
 * A signed URL of `key` (the original, or a photo's copy for fans) saved under the media's name.
 * For any caller that already checked access (public downloads use it behind their lead gate).
 */
export async function signedDownloadUrl(
  key: string,
  media: { originalName: string; mimeType: string },
): Promise<string> {
  const name = safeDownloadName(media.originalName, media.mimeType);
  const ascii = name.replace(/[^\x20-\x7e]/g, "_");
  return publicStorage.signedGetUrl(key, {
    expiresIn: mediaSettings().downloadUrlTtlSeconds,
    disposition: `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    contentType: media.mimeType,
  });
}
