import { assertCan } from "@/lib/platform/access/permissions";
import { db } from "@/lib/core/db";
import { AppError } from "@/lib/core/errors";
import { queueForKind } from "@/lib/core/queue/queues";
import { sendMediaJob } from "@/lib/core/queue/sender";
import { deleteMedia } from "@/lib/platform/media/delete-media";
import { FILE_TYPE_RULES } from "@/lib/platform/media/file-types";
import { imageDimensionsFromHead, megapixels } from "@/lib/platform/media/image-header";
import { movedOriginalKey } from "@/lib/platform/media/keys";
import { mediaSettings, type MediaSettings } from "@/lib/platform/media/settings";
import { id3TagEnd, SNIFF_BYTES, sniffFamily, startsWithAudioFrame } from "@/lib/platform/media/sniff";
import { isNotFound, storage } from "@/lib/core/storage";
import type { Membership } from "@/lib/platform/tenancy/membership";
import { getOwnUpload } from "@/lib/features/uploads/get-upload";
import type { CompleteUploadInput } from "@/lib/features/uploads/schemas";
import { UPLOAD_ERRORS } from "@/lib/features/uploads/validate-file";

/** Image headers sit in the first bytes, but EXIF thumbnails can push a JPEG's past 64 KB. */
const IMAGE_HEAD_BYTES = 256 * 1024;

export interface CompletedUpload {
  media: {
    id: string;
    kind: string;
    state: "processing" | "ready" | "uploading" | "failed";
    contentId: string | null;
  };
  /** What public pages show that changed (a document is ready at once), for `revalidatePublic`. */
  changed: { companyId: string; contentIds: string[]; eventIds: string[] } | null;
}

/**
 * `POST /api/uploads/{id}/complete`: closes the upload and verifies what arrived before
 * anything else may use it: the stored size equals the announced one, the first bytes are
 * really of the announced type, and an image is within the pixel limit — checked on the copy
 * that is kept, not on what the upload URL can still overwrite. A file failing a check is
 * deleted (row, objects and reserved bytes) and the rule's message is returned.
 * Then the media goes to `processing` and its job is queued (documents are `ready` at once).
 * Calling it again after success answers the current state.
 */
export async function completeUpload(
  membership: Membership,
  mediaId: string,
  input: CompleteUploadInput = {},
  settingsOverrides: Partial<MediaSettings> = {},
): Promise<CompletedUpload> {
  assertCan(membership, "content.manage");
  const media = await getOwnUpload(membership, mediaId);
  const summary = (state: CompletedUpload["media"]["state"]) => ({
    id: media.id,
    kind: media.kind,
    state,
    contentId: media.contentId,
  });
  if (media.state !== "uploading") {
    if (media.state === "failed") throw new AppError("conflict", UPLOAD_ERRORS.notUploading);
    return { media: summary(media.state), changed: null };
  }

  const expected = Number(media.sizeBytes);
  if (media.multipartUploadId && media.partSizeBytes) {
    await finishMultipart(media.storageKey, media.multipartUploadId, expected, media.partSizeBytes, input);
  }
  // Nothing at the upload key: not sent yet, or a concurrent completion won and moved it.
  const vanished = async (): Promise<CompletedUpload> => {
    const current = await getOwnUpload(membership, mediaId);
    if (current.state === "uploading") throw new AppError("validation", UPLOAD_ERRORS.incomplete);
    return { media: summary(current.state), changed: null };
  };
  if ((await storage.size(media.storageKey)) === null) return vanished();
  // A single PUT's URL stays valid until it expires: the bytes are verified and kept under a
  // key no URL was signed for, so a later PUT to the URL only makes a stray object nobody
  // reads (issue #12, hole 7). Multipart uploads stay put: see `createUpload`.
  const key = media.partSizeBytes === null ? movedOriginalKey(media.storageKey) : media.storageKey;
  if (key !== media.storageKey) {
    try {
      await storage.copy(media.storageKey, key);
    } catch (error) {
      // A copy is one request, but a store need not make it atomic (s3rver copies the bytes,
      // then the metadata): a source deleted mid-way by a concurrent completion can leave a
      // partial target. Nothing points at `key` yet, so it is always safe to remove.
      // Such a store may also report the vanished source as an internal error, not a 404.
      await storage.delete(key).catch(() => undefined);
      if (isNotFound(error) || (await storage.size(media.storageKey)) === null) return vanished();
      throw error;
    }
  }

  const reject = async (error: AppError): Promise<never> => {
    // Only while still open: a failing concurrent call never deletes media another completed.
    const { ids } = await deleteMedia(media.companyId, { id: media.id, state: "uploading" });
    if (ids.length === 0 && key !== media.storageKey) await storage.delete(key);
    throw error;
  };

  const size = await storage.size(key);
  if (size === null) throw new AppError("validation", UPLOAD_ERRORS.incomplete);
  if (size !== expected) await reject(new AppError("validation", UPLOAD_ERRORS.sizeMismatch));

  const rule = FILE_TYPE_RULES[media.mimeType];
  const head = await storage.readRange(key, 0, (media.kind === "photo" ? IMAGE_HEAD_BYTES : SNIFF_BYTES) - 1);
  if (!rule || sniffFamily(head) !== rule.family) {
    await reject(new AppError("validation", UPLOAD_ERRORS.contentMismatch));
  }
  const tagEnd = rule?.family === "mp3" ? id3TagEnd(head) : null;
  if (tagEnd !== null && tagEnd + 4 > head.length) {
    // The ID3 tag (cover art) runs past the head: the audio frame must follow it.
    const after =
      tagEnd < size ? await storage.readRange(key, tagEnd, Math.min(size, tagEnd + SNIFF_BYTES) - 1) : null;
    if (!after || !startsWithAudioFrame(after)) {
      await reject(new AppError("validation", UPLOAD_ERRORS.contentMismatch));
    }
  }
  if (media.kind === "photo") {
    const { maxImagePixels } = mediaSettings(settingsOverrides);
    const dims = await imageDimensionsFromHead(head);
    if (dims && dims.width * dims.height > maxImagePixels) {
      await reject(
        new AppError("validation", UPLOAD_ERRORS.imageTooLarge, {
          values: { megapixels: megapixels(maxImagePixels) },
        }),
      );
    }
  }

  const queue = queueForKind(media.kind);
  const next = queue ? "processing" : "ready";
  const { count } = await db.mediaFile.updateMany({
    where: { id: media.id, companyId: media.companyId, state: "uploading" },
    data: { state: next, storageKey: key, multipartUploadId: null, processingError: null },
  });
  if (count === 0) {
    // Completed by a concurrent call: answer what it left (our copy is nobody's).
    if (key !== media.storageKey) await storage.delete(key);
    const current = await getOwnUpload(membership, mediaId);
    return { media: summary(current.state), changed: null };
  }
  if (key !== media.storageKey) {
    // Copy, verify the copy, point the row at it, and only then delete the upload object: a
    // crash before the row changed leaves it on the upload key (a retry copies again; the
    // sweep deletes uploads never completed), a crash after leaves a stray object the sweep
    // removes. Deleting first could lose the only verified bytes. The reserved bytes count
    // the file once: the copy replaces the upload object, it is not a second file.
    await storage.delete(media.storageKey).catch((error: unknown) => {
      console.error("[afterglow] could not delete an upload object", { key: media.storageKey, error });
    });
  }
  if (queue) {
    await sendMediaJob(queue, { mediaId: media.id });
    return { media: summary("processing"), changed: null };
  }
  return { media: summary("ready"), changed: await changedBy(media.companyId, media.contentId) };
}

async function finishMultipart(
  key: string,
  uploadId: string,
  size: number,
  partSize: number,
  input: CompleteUploadInput,
): Promise<void> {
  // A retried call after a completion that succeeded finds the object already there.
  if ((await storage.size(key)) !== null) return;
  const partCount = Math.ceil(size / partSize);
  const listed = await storage.listUploadedParts(key, uploadId);
  // One entry per part number (a part re-sent after a retry keeps its last ETag).
  const parts = [...new Map((listed ?? input.parts ?? []).map((p) => [p.partNumber, p])).values()];
  const numbers = new Set(parts.map((p) => p.partNumber));
  for (let n = 1; n <= partCount; n++) {
    if (!numbers.has(n)) throw new AppError("validation", UPLOAD_ERRORS.incomplete);
  }
  try {
    await storage.completeMultipartUpload(
      key,
      uploadId,
      parts.filter((p) => p.partNumber <= partCount),
    );
  } catch (error) {
    if ((await storage.size(key)) === null) {
      console.error("[afterglow] multipart completion failed", { key, error });
      throw new AppError("validation", UPLOAD_ERRORS.incomplete);
    }
  }
}

/** Contents and events whose public pages show a media's content. */
export async function changedBy(
  companyId: string,
  contentId: string | null,
): Promise<{ companyId: string; contentIds: string[]; eventIds: string[] }> {
  if (!contentId) return { companyId, contentIds: [], eventIds: [] };
  const links = await db.contentEvent.findMany({ where: { contentId }, select: { eventId: true } });
  return { companyId, contentIds: [contentId], eventIds: links.map((l) => l.eventId) };
}
