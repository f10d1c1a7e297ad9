import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  ListPartsCommand,
  PutObjectCommand,
  UploadPartCommand,
  type CompletedPart,
  type S3Client,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import type { Readable } from "node:stream";

function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;
}

export function isNotFound(error: unknown): boolean {
  const name = (error as { name?: string })?.name;
  return statusOf(error) === 404 || name === "NotFound" || name === "NoSuchKey" || name === "NoSuchUpload";
}

export interface UploadedPart {
  partNumber: number;
  etag: string;
  size: number | null;
}

/**
 * Every object-store operation the app uses, on one bucket. Free of globals so scripts and
 * tests can build their own; the app's instances are `storage` and `publicStorage`
 * (`lib/core/storage/index.ts`).
 */
export class ObjectStore {
  constructor(
    readonly client: S3Client,
    readonly bucket: string,
  ) {}

  async ensureBucket(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch {
      await this.client.send(new CreateBucketCommand({ Bucket: this.bucket }));
    }
  }

  /** Throws when the bucket cannot be reached; used by the health check. */
  async ping(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  async put(key: string, body: Uint8Array, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: contentType }),
    );
  }

  /**
   * Streams a local file into the store (one request, so at most 5 GB): a long video's
   * rendition never has to fit in memory. Returns the bytes written.
   */
  async putFile(key: string, filePath: string, contentType: string): Promise<number> {
    const { size } = await stat(filePath);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: createReadStream(filePath),
        ContentLength: size,
        ContentType: contentType,
      }),
    );
    return size;
  }

  async getBytes(key: string): Promise<Uint8Array> {
    const res = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
    if (!res.Body) throw new Error(`Empty object ${key}`);
    return res.Body.transformToByteArray();
  }

  /** Size of a stored object, or null when it does not exist. */
  async size(key: string): Promise<number | null> {
    return (await this.stat(key))?.size ?? null;
  }

  /** Size and ETag of a stored object (a HEAD: no bytes), or null when it does not exist. */
  async stat(key: string): Promise<{ size: number | null; etag: string | undefined } | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: head.ContentLength ?? null, etag: head.ETag };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  /** Bytes `start`..`end` inclusive (fewer when the object is shorter). */
  async readRange(key: string, start: number, end: number): Promise<Uint8Array> {
    const res = await this.client.send(
      new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: `bytes=${start}-${end}` }),
    );
    if (!res.Body) return new Uint8Array();
    return res.Body.transformToByteArray();
  }

  /**
   * A small object's bytes and ETag, read whole (so the store's connection is free at once, whatever
   * the reader of the answer does); null when it does not exist, `"too-large"` (unread) when it
   * is longer than `maxBytes`. For answering a browser with the bytes (lib/surfaces/public-site/media-access.ts).
   */
  async readSmall(
    key: string,
    maxBytes: number,
  ): Promise<{ bytes: Uint8Array; etag: string | undefined } | "too-large" | null> {
    let res;
    try {
      res = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
    if (!res.Body) return null;
    if ((res.ContentLength ?? Infinity) > maxBytes) {
      (res.Body as Readable).destroy();
      return "too-large";
    }
    return { bytes: await res.Body.transformToByteArray(), etag: res.ETag };
  }

  /** The object as a Node stream, for files too large to hold in memory. */
  async readStream(key: string, range?: string): Promise<Readable> {
    const res = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: range }));
    if (!res.Body) throw new Error(`Empty object ${key}`);
    return res.Body as Readable;
  }

  /**
   * Copies an object inside the bucket, type and metadata included (one request, so at most
   * 5 GB: S3's limit for a single copy).
   */
  async copy(sourceKey: string, targetKey: string): Promise<void> {
    const source = `${this.bucket}/${sourceKey.split("/").map(encodeURIComponent).join("/")}`;
    await this.client.send(
      new CopyObjectCommand({ Bucket: this.bucket, Key: targetKey, CopySource: source }),
    );
  }

  /** Deletes an object; one already gone is not an error. */
  async delete(key: string): Promise<void> {
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
  }

  async listKeys(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys;
  }

  /**
   * A short-lived GET URL. `downloadName` makes the browser save it under a safe name;
   * `disposition` sets the whole Content-Disposition instead, `contentType` the type served;
   * a fixed `signingDate` gives the same URL to every request signed with it (cacheable).
   */
  signedGetUrl(
    key: string,
    options: {
      expiresIn?: number;
      downloadName?: string;
      disposition?: string;
      contentType?: string;
      /** `Cache-Control` the store answers with (signed, like the content type). */
      cacheControl?: string;
      signingDate?: Date;
    } = {},
  ): Promise<string> {
    const disposition =
      options.disposition ??
      (options.downloadName
        ? `attachment; filename="${options.downloadName.replace(/[^\w.\- ]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(options.downloadName)}`
        : undefined);
    return getSignedUrl(
      this.client,
      new GetObjectCommand({
        Bucket: this.bucket,
        Key: key,
        ResponseContentDisposition: disposition,
        ResponseContentType: options.contentType,
        ResponseCacheControl: options.cacheControl,
      }),
      { expiresIn: options.expiresIn ?? 300, signingDate: options.signingDate },
    );
  }

  /**
   * A presigned PUT for the whole file. Content-Type and Content-Length are signed, so a
   * compliant store refuses another type or size; the server checks both again after the upload.
   */
  signedPutUrl(options: {
    key: string;
    contentType: string;
    size: number;
    expiresIn: number;
  }): Promise<string> {
    return getSignedUrl(
      this.client,
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: options.key,
        ContentType: options.contentType,
        ContentLength: options.size,
      }),
      { expiresIn: options.expiresIn, signableHeaders: new Set(["content-type", "content-length"]) },
    );
  }

  /**
   * A presigned PUT for one part of a multipart upload; its Content-Length is signed, so the
   * part can only be the size the upload's plan gives it.
   */
  signedPartUrl(options: {
    key: string;
    uploadId: string;
    partNumber: number;
    size: number;
    expiresIn: number;
  }): Promise<string> {
    return getSignedUrl(
      this.client,
      new UploadPartCommand({
        Bucket: this.bucket,
        Key: options.key,
        UploadId: options.uploadId,
        PartNumber: options.partNumber,
        ContentLength: options.size,
      }),
      { expiresIn: options.expiresIn, signableHeaders: new Set(["content-length"]) },
    );
  }

  async createMultipartUpload(key: string, contentType: string): Promise<string> {
    const res = await this.client.send(
      new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: key, ContentType: contentType }),
    );
    if (!res.UploadId) throw new Error("The store returned no upload id");
    return res.UploadId;
  }

  /**
   * The parts the store holds for an upload, or null when the store cannot list them (a
   * store answering 405/501): the browser's own record of its parts is used instead. The
   * embedded store lists them (scripts/lib/embedded-s3-list-parts.ts), as S3 does.
   */
  async listUploadedParts(key: string, uploadId: string): Promise<UploadedPart[] | null> {
    const parts: UploadedPart[] = [];
    let marker: string | undefined;
    try {
      do {
        const page = await this.client.send(
          new ListPartsCommand({
            Bucket: this.bucket,
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

  async completeMultipartUpload(
    key: string,
    uploadId: string,
    parts: readonly { partNumber: number; etag: string }[],
  ): Promise<void> {
    const sorted: CompletedPart[] = [...parts]
      .sort((a, b) => a.partNumber - b.partNumber)
      .map((p) => ({ PartNumber: p.partNumber, ETag: p.etag }));
    await this.client.send(
      new CompleteMultipartUploadCommand({
        Bucket: this.bucket,
        Key: key,
        UploadId: uploadId,
        MultipartUpload: { Parts: sorted },
      }),
    );
  }

  /** Best effort: some stores (s3rver) cannot abort; their leftover parts are never referenced. */
  async abortMultipartUpload(key: string, uploadId: string): Promise<void> {
    try {
      await this.client.send(
        new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId }),
      );
    } catch (error) {
      const status = statusOf(error);
      if (!isNotFound(error) && status !== 405 && status !== 501) throw error;
    }
  }
}
