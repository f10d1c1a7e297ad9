import "server-only";
import { env } from "@/lib/env";
import { ObjectStore } from "@/lib/storage/objects";
import { createS3Client, storageConfigFromEnv } from "@/lib/storage/s3-client";

const globalForStorage = globalThis as unknown as { afterglowStore?: ObjectStore };

function connect(): ObjectStore {
  const config = storageConfigFromEnv();
  return new ObjectStore(createS3Client(config), config.bucket);
}

export const storage: ObjectStore = globalForStorage.afterglowStore ?? connect();
if (env.NODE_ENV !== "production") globalForStorage.afterglowStore = storage;
