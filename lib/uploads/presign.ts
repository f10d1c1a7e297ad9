import { PutObjectCommand, UploadPartCommand } from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { MB } from "@/lib/plans/limits";
import type { ObjectStore } from "@/lib/storage/objects";

/** S3 allows at most 10,000 parts per upload. */
export const MAX_PARTS = 10_000;

/**
 * Part size and count for a multipart upload: the configured size, grown in whole MB when
 * the file would otherwise need more than 10,000 parts.
 */
export function partPlan(size: number, basePartSize: number): { partSize: number; partCount: number } {
  const needed = Math.ceil(size / MAX_PARTS / MB) * MB;
  const partSize = Math.max(basePartSize, needed);
  return { partSize, partCount: Math.max(1, Math.ceil(size / partSize)) };
}

/** Byte length of part `n` (1-based). */
export function partLength(size: number, partSize: number, partNumber: number): number {
  return Math.max(0, Math.min(partSize, size - (partNumber - 1) * partSize));
}

/**
 * A presigned PUT for the whole file. Content-Type and Content-Length are signed, so a
 * compliant store refuses another type or size; the server checks both again after the upload.
 */
export function presignPut(
  store: ObjectStore,
  options: { key: string; contentType: string; size: number; expiresIn: number },
): Promise<string> {
  return getSignedUrl(
    store.client,
    new PutObjectCommand({
      Bucket: store.bucket,
      Key: options.key,
      ContentType: options.contentType,
      ContentLength: options.size,
    }),
    { expiresIn: options.expiresIn, signableHeaders: new Set(["content-type", "content-length"]) },
  );
}

export function presignPart(
  store: ObjectStore,
  options: { key: string; uploadId: string; partNumber: number; expiresIn: number },
): Promise<string> {
  return getSignedUrl(
    store.client,
    new UploadPartCommand({
      Bucket: store.bucket,
      Key: options.key,
      UploadId: options.uploadId,
      PartNumber: options.partNumber,
    }),
    { expiresIn: options.expiresIn },
  );
}
