import { assertCan } from "@/lib/platform/access/permissions";
import { db } from "@/lib/core/db";
import { AppError } from "@/lib/core/errors";
import { processedSelect } from "@/lib/platform/media/processors/types";
import { mediaSettings } from "@/lib/platform/media/settings";
import { publicStorage, storage, type UploadedPart } from "@/lib/core/storage";
import type { Membership } from "@/lib/platform/tenancy/membership";
import { partLength } from "@/lib/features/uploads/part-plan";
import { UPLOAD_ERRORS } from "@/lib/features/uploads/validate-file";

/** The media row of an upload of the caller's company; 404 for anything else. */
export async function getOwnUpload(membership: Membership, mediaId: string) {
  assertCan(membership, "content.manage");
  const media = await db.mediaFile.findFirst({
    where: { id: mediaId, companyId: membership.company.id },
    select: {
      ...processedSelect,
      posterKey: true,
      multipartUploadId: true,
      partSizeBytes: true,
      processingError: true,
    },
  });
  if (!media) throw new AppError("not_found", UPLOAD_ERRORS.notFound);
  return media;
}

export interface UploadStatus {
  id: string;
  state: "uploading" | "processing" | "ready" | "failed";
  strategy: "single" | "multipart";
  size: number;
  partSize: number | null;
  partCount: number | null;
  /** Parts the store already holds, or null when it cannot say (then the browser's record counts). */
  uploadedParts: UploadedPart[] | null;
}

/**
 * `GET /api/uploads/{id}`: what a browser needs to resume an interrupted upload after a
 * reload: whether it is still open and which parts already arrived.
 */
export async function getUploadStatus(membership: Membership, mediaId: string): Promise<UploadStatus> {
  const media = await getOwnUpload(membership, mediaId);
  const size = Number(media.sizeBytes);
  const multipart = media.multipartUploadId !== null && media.partSizeBytes !== null;
  const uploadedParts =
    multipart && media.state === "uploading"
      ? await storage.listUploadedParts(media.storageKey, media.multipartUploadId!)
      : null;
  return {
    id: media.id,
    state: media.state,
    strategy: multipart ? "multipart" : "single",
    size,
    partSize: multipart ? media.partSizeBytes : null,
    partCount: multipart ? Math.ceil(size / media.partSizeBytes!) : null,
    uploadedParts,
  };
}

/**
 * `POST /api/uploads/{id}/parts`: presigned PUT URLs for parts of an open multipart upload,
 * each bound to its part's size. They live `uploadUrlTtlSeconds`; the browser asks again for
 * a part whose URL expired (and after a reload, for every part still missing).
 */
export async function signUploadParts(
  membership: Membership,
  mediaId: string,
  partNumbers: readonly number[],
): Promise<{ parts: { partNumber: number; url: string }[]; expiresAt: string }> {
  const media = await getOwnUpload(membership, mediaId);
  if (media.state !== "uploading") throw new AppError("conflict", UPLOAD_ERRORS.notUploading);
  if (!media.multipartUploadId || !media.partSizeBytes)
    throw new AppError("validation", UPLOAD_ERRORS.notFound);
  const size = Number(media.sizeBytes);
  const partCount = Math.ceil(size / media.partSizeBytes);
  const settings = mediaSettings();
  const unique = [...new Set(partNumbers)].sort((a, b) => a - b);
  if (unique.some((n) => n < 1 || n > partCount)) throw new AppError("validation", "validation.invalidForm");
  const parts = await Promise.all(
    unique.map(async (partNumber) => ({
      partNumber,
      url: await publicStorage.signedPartUrl({
        key: media.storageKey,
        uploadId: media.multipartUploadId!,
        partNumber,
        size: partLength(size, media.partSizeBytes!, partNumber),
        expiresIn: settings.uploadUrlTtlSeconds,
      }),
    })),
  );
  return { parts, expiresAt: new Date(Date.now() + settings.uploadUrlTtlSeconds * 1000).toISOString() };
}
