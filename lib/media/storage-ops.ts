import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  ListPartsCommand,
  type CompletedPart,
} from "@aws-sdk/client-s3";
import type { Readable } from "node:stream";
import type { ObjectStore } from "@/lib/storage/objects";

/**
 * Storage operations the media pipeline needs beyond `ObjectStore` (which belongs to the
 * foundation): metadata, byte ranges, multipart uploads, listing and deletion.
 */

function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;
}

export function isNotFound(error: unknown): boolean {
  const name = (error as { name?: string })?.name;
  return statusOf(error) === 404 || name === "NotFound" || name === "NoSuchKey" || name === "NoSuchUpload";
}

/** Size of a stored object, or null when it does not exist. */
export async function objectSize(store: ObjectStore, key: string): Promise<number | null> {
  try {
    const head = await store.client.send(new HeadObjectCommand({ Bucket: store.bucket, Key: key }));
    return head.ContentLength ?? null;
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

/** Bytes `start`..`end` inclusive (fewer when the object is shorter). */
export async function readRange(
  store: ObjectStore,
  key: string,
  start: number,
  end: number,
): Promise<Uint8Array> {
  const res = await store.client.send(
    new GetObjectCommand({ Bucket: store.bucket, Key: key, Range: `bytes=${start}-${end}` }),
  );
  if (!res.Body) return new Uint8Array();
  return res.Body.transformToByteArray();
}

/** The object as a Node stream, for files too large to hold in memory. */
export async function readStream(store: ObjectStore, key: string, range?: string): Promise<Readable> {
  const res = await store.client.send(new GetObjectCommand({ Bucket: store.bucket, Key: key, Range: range }));
  if (!res.Body) throw new Error(`Empty object ${key}`);
  return res.Body as Readable;
}

export async function deleteObject(store: ObjectStore, key: string): Promise<void> {
  try {
    await store.client.send(new DeleteObjectCommand({ Bucket: store.bucket, Key: key }));
  } catch (error) {
    if (!isNotFound(error)) throw error;
  }
}

export async function listKeys(store: ObjectStore, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const page = await store.client.send(
      new ListObjectsV2Command({ Bucket: store.bucket, Prefix: prefix, ContinuationToken: token }),
    );
    for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return keys;
}

export async function createMultipartUpload(
  store: ObjectStore,
  key: string,
  contentType: string,
): Promise<string> {
  const res = await store.client.send(
    new CreateMultipartUploadCommand({ Bucket: store.bucket, Key: key, ContentType: contentType }),
  );
  if (!res.UploadId) throw new Error("The store returned no upload id");
  return res.UploadId;
}

export interface UploadedPart {
  partNumber: number;
  etag: string;
  size: number | null;
}

/**
 * The parts the store holds for an upload, or null when the store cannot list them (the
 * embedded s3rver answers 405): the browser's own record of its parts is used instead.
 */
export async function listUploadedParts(
  store: ObjectStore,
  key: string,
  uploadId: string,
): Promise<UploadedPart[] | null> {
  const parts: UploadedPart[] = [];
  let marker: string | undefined;
  try {
    do {
      const page = await store.client.send(
        new ListPartsCommand({
          Bucket: store.bucket,
          Key: key,
          UploadId: uploadId,
          PartNumberMarker: marker,
        }),
      );
      for (const p of page.Parts ?? []) {
        if (p.PartNumber && p.ETag)
          parts.push({ partNumber: p.PartNumber, etag: p.ETag, size: p.Size ?? null });
      }
      marker = page.IsTruncated ? page.NextPartNumberMarker : undefined;
    } while (marker);
  } catch (error) {
    const status = statusOf(error);
    if (status === 405 || status === 501) return null;
    throw error;
  }
  return parts;
}

export async function completeMultipartUpload(
  store: ObjectStore,
  key: string,
  uploadId: string,
  parts: readonly { partNumber: number; etag: string }[],
): Promise<void> {
  const sorted: CompletedPart[] = [...parts]
    .sort((a, b) => a.partNumber - b.partNumber)
    .map((p) => ({ PartNumber: p.partNumber, ETag: p.etag }));
  await store.client.send(
    new CompleteMultipartUploadCommand({
      Bucket: store.bucket,
      Key: key,
      UploadId: uploadId,
      MultipartUpload: { Parts: sorted },
    }),
  );
}

/** Best effort: some stores (s3rver) cannot abort; their leftover parts are never referenced. */
export async function abortMultipartUpload(store: ObjectStore, key: string, uploadId: string): Promise<void> {
  try {
    await store.client.send(
      new AbortMultipartUploadCommand({ Bucket: store.bucket, Key: key, UploadId: uploadId }),
    );
  } catch (error) {
    const status = statusOf(error);
    if (!isNotFound(error) && status !== 405 && status !== 501) throw error;
  }
}
