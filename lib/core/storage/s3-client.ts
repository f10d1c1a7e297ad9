import { S3Client } from "@aws-sdk/client-s3";
import { env } from "@/lib/core/env";

export interface StorageConfig {
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

/**
 * The store's settings from the environment. Without S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY the
 * keys are empty and the client's first request fails saying so (createS3Client), not the import:
 * `next build` loads modules that create the store without ever calling it.
 */
export function storageConfigFromEnv(): StorageConfig {
  return {
    endpoint: env.S3_ENDPOINT ?? `http://127.0.0.1:${env.EMBEDDED_S3_PORT}`,
    region: env.S3_REGION,
    bucket: env.S3_BUCKET,
    accessKeyId: env.S3_ACCESS_KEY_ID ?? "",
    secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? "",
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
  };
}

const MISSING_KEYS =
  "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are not set: an external store needs its keys " +
  "(npm start passes the embedded store's own to the app).";

/**
 * Checksums only when required: with the SDK's default (`WHEN_SUPPORTED`) streamed bodies
 * are sent with aws-chunked framing, which s3rver and some S3-compatible stores store
 * verbatim — silent corruption.
 */
export function createS3Client(config: StorageConfig): S3Client {
  return new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials:
      config.accessKeyId && config.secretAccessKey
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : () => Promise.reject(new Error(MISSING_KEYS)),
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
}
