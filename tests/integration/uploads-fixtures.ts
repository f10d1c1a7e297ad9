/**
 * Shared set-up for the media, upload, content and event integration tests (not a test file):
 * a database and bucket of their own, companies with a member of each role, and an upload
 * helper that does what the browser does (presign, PUT, complete).
 */
import { randomBytes } from "node:crypto";
import type { PrismaClient } from "@/lib/db-client";
import type { PlanTier, Role } from "@/lib/generated/prisma/enums";
import type { MediaJobData, MediaQueue } from "@/lib/jobs/queues";
import type { MediaContext, MediaSettings } from "@/lib/media/context";
import type { ObjectStore } from "@/lib/storage/objects";
import type { Membership } from "@/lib/tenancy/membership";
import { completeUpload } from "@/lib/uploads/complete-upload";
import { createUpload, type CreatedUpload } from "@/lib/uploads/create-upload";
import { signUploadParts } from "@/lib/uploads/get-upload";
import type { UploadTarget } from "@/lib/uploads/schemas";
import { createTestDatabase, createTestStore, type TestDatabase } from "./support/context";

export interface SentJob {
  queue: MediaQueue;
  data: MediaJobData;
}

export interface MediaTestEnv {
  database: TestDatabase;
  db: PrismaClient;
  store: ObjectStore;
  /** Jobs are recorded, not run; tests run them with `processMedia`. */
  sent: SentJob[];
  ctx: MediaContext;
  withSettings(settings: Partial<MediaSettings>): MediaContext;
  close(): Promise<void>;
}

export async function mediaTestEnv(settings: Partial<MediaSettings> = {}): Promise<MediaTestEnv> {
  const [database, store] = await Promise.all([createTestDatabase(), createTestStore()]);
  const sent: SentJob[] = [];
  const ctx: MediaContext = {
    db: database.prisma,
    store,
    jobs: {
      async sendMediaJob(queue, data) {
        sent.push({ queue, data });
      },
    },
    settings,
  };
  return {
    database,
    db: database.prisma,
    store,
    sent,
    ctx,
    withSettings: (more) => ({ ...ctx, settings: { ...settings, ...more } }),
    async close() {
      store.client.destroy();
      await database.drop();
    },
  };
}

export interface TestCompany {
  id: string;
  slug: string;
  plan: PlanTier;
  as(role: Role): Membership;
}

export async function createCompany(db: PrismaClient, plan: PlanTier = "starter"): Promise<TestCompany> {
  const slug = `co-${randomBytes(4).toString("hex")}`;
  const company = await db.company.create({ data: { name: `Company ${slug}`, slug, plan } });
  return {
    id: company.id,
    slug,
    plan,
    as: (role) => ({
      userId: `user-${role}-${slug}`,
      email: `${role}@${slug}.test`,
      displayName: `${role} of ${slug}`,
      role,
      company: { id: company.id, name: company.name, slug, plan, logoKey: null },
    }),
  };
}

export async function createEventRow(db: PrismaClient, companyId: string, name = "Show") {
  return db.event.create({
    data: {
      companyId,
      name,
      slug: `${name.toLowerCase().replace(/\W+/g, "-")}-${randomBytes(3).toString("hex")}`,
      startsAt: new Date("2026-07-18T19:00:00Z"),
      status: "published",
    },
  });
}

export async function createContentRow(
  db: PrismaClient,
  companyId: string,
  options: {
    eventIds?: string[];
    kind?: "single" | "photo_gallery" | "video_gallery";
    status?: "draft" | "published";
  } = {},
) {
  return db.content.create({
    data: {
      companyId,
      title: "Gallery",
      kind: options.kind ?? "photo_gallery",
      status: options.status ?? "draft",
      events: { create: (options.eventIds ?? []).map((eventId, position) => ({ eventId, position })) },
    },
  });
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
export async function uploadFile(ctx: MediaContext, membership: Membership, options: UploadOptions) {
  const created: CreatedUpload = await createUpload(ctx, membership, {
    fileName: options.fileName,
    contentType: options.contentType,
    size: options.declaredSize ?? options.bytes.length,
    target: options.target,
  });
  if (created.strategy === "single") {
    await putBytes(created.url, options.bytes, created.headers);
    return { created, completed: await completeUpload(ctx, membership, created.id) };
  }
  const numbers = Array.from({ length: created.partCount }, (_, i) => i + 1);
  const { parts } = await signUploadParts(ctx, membership, created.id, numbers);
  const etags = await Promise.all(
    parts.map(async (p) => ({
      partNumber: p.partNumber,
      etag: await putBytes(
        p.url,
        options.bytes.subarray((p.partNumber - 1) * created.partSize, p.partNumber * created.partSize),
      ),
    })),
  );
  return { created, completed: await completeUpload(ctx, membership, created.id, { parts: etags }) };
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
