import { assertCan } from "@/lib/platform/access/permissions";
import { recordMemberAudit } from "@/lib/core/audit/record";
import { getContentOrThrow } from "@/lib/features/content/get-content-or-throw";
import type { ContentChange } from "@/lib/features/content/save-content";
import { db } from "@/lib/core/db";
import { AppError } from "@/lib/core/errors";
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

/** Saves the gallery order: `mediaIds` must be exactly the content's media. */
export async function reorderMedia(
  membership: Membership,
  contentId: string,
  mediaIds: readonly string[],
): Promise<{ changed: ContentChange }> {
  assertCan(membership, "content.manage");
  const companyId = membership.company.id;
  // Another company's content has no media of ours, so an empty order would "match" it and
  // expire its public pages: it is not found, like everywhere else.
  await getContentOrThrow(db, companyId, contentId, { id: true });
  await db.$transaction(async (tx) => {
    const current = await tx.mediaFile.findMany({ where: { companyId, contentId }, select: { id: true } });
    const known = new Set(current.map((m) => m.id));
    if (
      mediaIds.length !== known.size ||
      new Set(mediaIds).size !== known.size ||
      !mediaIds.every((id) => known.has(id))
    ) {
      throw new AppError("conflict", "content.errors.reorderStale");
    }
    for (const [position, id] of mediaIds.entries()) {
      await tx.mediaFile.updateMany({ where: { id, companyId, contentId }, data: { position } });
    }
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
 * Hides files of a content from fans, or shows them again (the media manager's bulk action;
 * issue #36: a review's left-out photos are hidden the same way). Kept in the admin either way.
 */
export async function setMediaHidden(
  membership: Membership,
  contentId: string,
  mediaIds: readonly string[],
  hidden: boolean,
): Promise<{ changed: ContentChange; count: number }> {
  assertCan(membership, "content.manage");
  const companyId = membership.company.id;
  await getContentOrThrow(db, companyId, contentId, { id: true });
  const { count } = await db.mediaFile.updateMany({
    where: { companyId, contentId, id: { in: [...mediaIds] } },
    data: { hidden },
  });
  if (count === 0) throw new AppError("not_found", "media.errors.notFound");
  await recordMemberAudit(membership, {
    record: { table: "content", id: contentId },
    details: { operation: hidden ? "media_hidden" : "media_shown", count, mediaIds: mediaIds.slice(0, 100) },
  });
  return { changed: await changeOf(companyId, contentId), count };
}

/** Removes several files of a content at once, with every stored object, and gives the bytes back. */
export async function deleteMediaItems(
  membership: Membership,
  contentId: string,
  mediaIds: readonly string[],
): Promise<{ changed: ContentChange; count: number }> {
  assertCan(membership, "content.manage");
  const companyId = membership.company.id;
  await getContentOrThrow(db, companyId, contentId, { id: true });
  const { ids } = await deleteMedia(companyId, { contentId, id: { in: [...mediaIds] } });
  if (ids.length === 0) throw new AppError("not_found", "media.errors.notFound");
  await recordMemberAudit(membership, {
    record: { table: "content", id: contentId },
    details: { operation: "media_deleted", count: ids.length, mediaIds: ids.slice(0, 100) },
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
