import {
  CreateBucketCommand,
  GetObjectCommand,
  HeadBucketCommand,
  PutObjectCommand,
  type S3Client,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";

/** Storage operations, free of globals so scripts and tests can pass their own client. */
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

  async getBytes(key: string): Promise<Uint8Array> {
    const res = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
    if (!res.Body) throw new Error(`Empty object ${key}`);
    return res.Body.transformToByteArray();
  }

  /** A short-lived GET URL; `downloadName` makes the browser save it under a safe name. */
  signedGetUrl(key: string, options: { expiresIn?: number; downloadName?: string } = {}): Promise<string> {
    const disposition = options.downloadName
      ? `attachment; filename="${options.downloadName.replace(/[^\w.\- ]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(options.downloadName)}`
      : undefined;
    return getSignedUrl(
      this.client,
      new GetObjectCommand({ Bucket: this.bucket, Key: key, ResponseContentDisposition: disposition }),
      { expiresIn: options.expiresIn ?? 300 },
    );
  }
}
