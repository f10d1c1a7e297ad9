/**
 * Shared set-up for the media, upload, content and event integration tests (not a test file):
 * the file's own database and bucket (bound to the app's singletons by `file-services.ts`),
 * its media queue, and an upload helper that does what the browser does (presign, PUT,
 * complete). Companies, events and contents come from `tenants.ts`.
 */
import sharp from "sharp";
import { expect } from "vitest";
import { db } from "@/lib/core/db";
import type { PrismaClient } from "@/lib/core/db-client";
import { env as appEnv } from "@/lib/core/env";
import { MEDIA_QUEUES, type MediaJobData, type MediaQueue } from "@/lib/core/queue/queues";
import { processMedia } from "@/lib/platform/media/process-media";
import type { MediaSettings } from "@/lib/platform/media/settings";
import { storage, type ObjectStore } from "@/lib/core/storage";
import type { Membership } from "@/lib/platform/tenancy/membership";
import { completeUpload } from "@/lib/features/uploads/complete-upload";
import { createUpload, type CreatedUpload } from "@/lib/features/uploads/create-upload";
import { signUploadParts } from "@/lib/features/uploads/get-upload";
import type { UploadTarget } from "@/lib/features/uploads/schemas";
import type { Tenant } from "./tenants";

export interface SentJob {
  queue: MediaQueue;
  data: MediaJobData;
}

export interface MediaTestEnv {
  database: { url: string };
  db: PrismaClient;
  store: ObjectStore;
  /** Settings this file passes to the upload and processing functions (the one settings seam). */
  settings: Partial<MediaSettings>;
  /**
   * The media jobs waiting in the real queue (pg-boss, in this file's database), oldest
   * first. Nothing works them: tests run them with `processMedia`.
   */
  sentJobs(): Promise<SentJob[]>;
  /** Empties the media queues, so a test sees only the jobs it caused. */
  clearJobs(): Promise<void>;
  /** The file's settings with more on top, for one call. */
  withSettings(more: Partial<MediaSettings>): Partial<MediaSettings>;
  close(): Promise<void>;
}

const mediaQueues: string[] = Object.values(MEDIA_QUEUES);

export async function mediaTestEnv(settings: Partial<MediaSettings> = {}): Promise<MediaTestEnv> {
  return {
    database: { url: appEnv.DATABASE_URL! },
    db,
    store: storage,
    settings,
    async sentJobs() {
      const rows = await jobRows();
      return rows.map((r) => ({ queue: r.name as MediaQueue, data: r.data as MediaJobData }));
    },
    async clearJobs() {
      if (!(await jobsSchemaExists())) return;
      await db.$executeRawUnsafe(`delete from pgboss.job where name = any($1)`, mediaQueues);
    },
    withSettings: (more) => ({ ...settings, ...more }),
    // The database and bucket belong to the file (support/file-services.ts drops them).
    async close() {},
  };
}

async function jobsSchemaExists(): Promise<boolean> {
  const [row] = await db.$queryRawUnsafe<{ exists: boolean }[]>(
    `select exists (select 1 from information_schema.tables where table_schema = 'pgboss' and table_name = 'job')`,
  );
  return row?.exists ?? false;
}

async function jobRows(): Promise<{ name: string; data: unknown }[]> {
  if (!(await jobsSchemaExists())) return [];
  return db.$queryRawUnsafe<{ name: string; data: unknown }[]>(
    `select name, data from pgboss.job where name = any($1) order by created_on, id`,
    mediaQueues,
  );
}

/** PUT bytes to a presigned URL as a browser does; returns the ETag. */
export async function putBytes(
  url: string,
  body: Uint8Array,
  headers: Record<string, string> = {},
): Promise<string> {
  const res = await fetch(url, { method: "PUT", body: new Blob([new Uint8Array(body)]), headers });
  if (!res.ok) throw new Error(`PUT failed: ${res.status} ${await res.text()}`);
  return res.headers.get("etag") ?? "";
}

export interface UploadOptions {
  fileName: string;
  contentType: string;
  bytes: Uint8Array;
  target: UploadTarget;
  /** Announce another size than the bytes sent. */
  declaredSize?: number;
}

/** The browser's whole flow: presign, PUT (whole or in parts), complete. */
export async function uploadFile(
  membership: Membership,
  options: UploadOptions,
  settings: Partial<MediaSettings> = {},
) {
  const created: CreatedUpload = await createUpload(
    membership,
    {
      fileName: options.fileName,
      contentType: options.contentType,
      size: options.declaredSize ?? options.bytes.length,
      target: options.target,
    },
    settings,
  );
  if (created.strategy === "single") {
    await putBytes(created.url, options.bytes, created.headers);
    return { created, completed: await completeUpload(membership, created.id, {}, settings) };
  }
  const numbers = Array.from({ length: created.partCount }, (_, i) => i + 1);
  const { parts } = await signUploadParts(membership, created.id, numbers);
  const etags = await Promise.all(
    parts.map(async (p) => ({
      partNumber: p.partNumber,
      etag: await putBytes(
        p.url,
        options.bytes.subarray((p.partNumber - 1) * created.partSize, p.partNumber * created.partSize),
      ),
    })),
  );
  return { created, completed: await completeUpload(membership, created.id, { parts: etags }, settings) };
}

/**
 * A ready photo of `contentId`: a plain JPEG (`width` × `height`, its red channel `seed`) uploaded
 * by the tenant's admin as the browser would, then processed. Its id.
 */
export async function readyPhoto(
  tenant: Tenant,
  contentId: string,
  seed: number,
  size: { width: number; height: number } = { width: 300, height: 200 },
): Promise<string> {
  const bytes = await sharp({ create: { ...size, channels: 3, background: { r: seed % 256, g: 90, b: 60 } } })
    .jpeg()
    .toBuffer();
  const { completed } = await uploadFile(tenant.as("admin"), {
    fileName: `IMG_${seed}.jpg`,
    contentType: "image/jpeg",
    bytes,
    target: { type: "content", contentId },
  });
  expect(await processMedia(completed.media.id)).toMatchObject({ status: "ready" });
  return completed.media.id;
}

/** Expects `promise` to reject with an AppError of this i18n key; returns the error. */
export async function rejection(
  promise: Promise<unknown>,
): Promise<{ code: string; messageKey: string; values?: unknown }> {
  try {
    await promise;
  } catch (error) {
    return error as { code: string; messageKey: string; values?: unknown };
  }
  throw new Error("expected a rejection");
}

/**
 * Expects `promise` (a `createUpload`) to be accepted: an upload URL was signed and a
 * `media_file` row in state `uploading` holds the claim for `membership`'s company. Returns it.
 */
export async function accepted(
  membership: Membership,
  claim: { contentType: string; size: number },
  promise: Promise<CreatedUpload>,
): Promise<CreatedUpload> {
  const created = await promise;
  if (created.strategy === "single") {
    expect(new URL(created.url).pathname).toContain(
      `/companies/${membership.company.id}/media/${created.id}/`,
    );
  } else {
    expect(created.partCount).toBeGreaterThan(0);
  }
  const row = await db.mediaFile.findUnique({ where: { id: created.id } });
  expect(row).toMatchObject({
    companyId: membership.company.id,
    state: "uploading",
    sizeBytes: BigInt(claim.size),
  });
  if (claim.contentType) expect(row!.mimeType).toBe(claim.contentType);
  return created;
}
