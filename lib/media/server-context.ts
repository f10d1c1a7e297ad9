import "server-only";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { jobSender } from "@/lib/jobs/runtime";
import type { MediaContext } from "@/lib/media/context";
import { storage } from "@/lib/storage";
import { ObjectStore } from "@/lib/storage/objects";
import { createS3Client, storageConfigFromEnv } from "@/lib/storage/s3-client";

const shared = globalThis as unknown as { afterglowPublicStore?: ObjectStore };

/** Storage as browsers reach it (S3_PUBLIC_ENDPOINT), when that differs from the server's view. */
function publicStore(): ObjectStore | undefined {
  if (!env.S3_PUBLIC_ENDPOINT) return undefined;
  if (!shared.afterglowPublicStore) {
    const config = { ...storageConfigFromEnv(), endpoint: env.S3_PUBLIC_ENDPOINT };
    shared.afterglowPublicStore = new ObjectStore(createS3Client(config), config.bucket);
  }
  return shared.afterglowPublicStore;
}

/** The app's context for the media, upload, content and event functions. */
export function getMediaContext(): MediaContext {
  return { db, store: storage, publicStore: publicStore(), jobs: jobSender };
}
