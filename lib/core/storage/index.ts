import "server-only";
import { env } from "@/lib/core/env";
import { ObjectStore } from "@/lib/core/storage/object-store";
import { createS3Client, storageConfigFromEnv } from "@/lib/core/storage/s3-client";

const shared = globalThis as unknown as { afterglowStore?: ObjectStore; afterglowPublicStore?: ObjectStore };

function connect(endpoint?: string): ObjectStore {
  const config = { ...storageConfigFromEnv(), ...(endpoint ? { endpoint } : {}) };
  return new ObjectStore(createS3Client(config), config.bucket);
}

/** The app's object store, as the server reaches it (S3_ENDPOINT). */
export const storage: ObjectStore = shared.afterglowStore ?? connect();
if (env.NODE_ENV !== "production") shared.afterglowStore = storage;

/**
 * The store as browsers reach it, for presigned upload and download URLs: S3_PUBLIC_ENDPOINT
 * when the server talks to storage on another address, otherwise `storage` itself.
 */
export const publicStorage: ObjectStore = env.S3_PUBLIC_ENDPOINT
  ? (shared.afterglowPublicStore ??= connect(env.S3_PUBLIC_ENDPOINT))
  : storage;

export { isNotFound, ObjectStore, type UploadedPart } from "@/lib/core/storage/object-store";
