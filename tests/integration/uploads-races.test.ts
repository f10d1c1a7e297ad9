/**
 * The upload's risky orders (issue #19): two completions at once, a completion before any
 * bytes arrived, completing an upload that already failed, and media deleted while its job
 * is writing renditions — no duplicate job, no orphaned object, the quota given back.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { deleteMedia } from "@/lib/platform/media/delete-media";
import { prefixOfKey } from "@/lib/platform/media/keys";
import { markMediaFailed, processMedia } from "@/lib/platform/media/process-media";
import { storage } from "@/lib/core/storage";
import { completeUpload } from "@/lib/features/uploads/complete-upload";
import { createUpload } from "@/lib/features/uploads/create-upload";
import { generatePhoto } from "@/scripts/lib/demo-media";
import { mediaTestEnv, putBytes, rejection, uploadFile, type MediaTestEnv } from "./support/media";
import { createContentRow, createTenant, type Tenant } from "./support/tenants";

let env: MediaTestEnv;
let company: Tenant;
let contentId: string;
let photo: Buffer;

beforeAll(async () => {
  env = await mediaTestEnv({ ffmpegPath: null, ffprobePath: null });
  company = await createTenant(env.db, { plan: "professional" });
  contentId = (await createContentRow(env.db, company.id)).id;
  photo = await generatePhoto({ seed: 81, theme: "festival" });
});
beforeEach(() => env.clearJobs());
afterAll(() => env?.close());

const claim = () => ({
  fileName: "crowd.jpg",
  contentType: "image/jpeg",
  size: photo.length,
  target: { type: "content" as const, contentId },
});

const storageUsed = async () =>
  (await env.db.company.findUniqueOrThrow({ where: { id: company.id } })).storageUsedBytes;

describe("upload completion races", () => {
  it("two completions at once queue one job", async () => {
    const admin = company.as("admin");
    const created = await createUpload(admin, claim(), env.settings);
    if (created.strategy !== "single") throw new Error("expected a single PUT");
    await putBytes(created.url, photo, created.headers);
    const answers = await Promise.all([
      completeUpload(admin, created.id, {}, env.settings),
      completeUpload(admin, created.id, {}, env.settings),
    ]);
    expect(answers.map((a) => a.media.state)).toEqual(["processing", "processing"]);
    const jobs = (await env.sentJobs()).filter((j) => j.data.mediaId === created.id);
    expect(jobs).toHaveLength(1);
  });

  it("refuses a completion before any bytes arrived, and keeps the upload open", async () => {
    const admin = company.as("admin");
    const created = await createUpload(admin, claim(), env.settings);
    expect(await rejection(completeUpload(admin, created.id, {}, env.settings))).toMatchObject({
      code: "validation",
      messageKey: "uploads.errors.incomplete",
    });
    expect((await env.db.mediaFile.findUniqueOrThrow({ where: { id: created.id } })).state).toBe("uploading");
    expect(await env.sentJobs()).toEqual([]);
  });

  it("refuses to complete an upload that failed, without a new job", async () => {
    const admin = company.as("admin");
    const { created } = await uploadFile(
      admin,
      { fileName: "crowd.jpg", contentType: "image/jpeg", bytes: photo, target: claim().target },
      env.settings,
    );
    await markMediaFailed(created.id, "media.errors.processingFailed");
    await env.clearJobs();
    expect(await rejection(completeUpload(admin, created.id, {}, env.settings))).toMatchObject({
      code: "conflict",
      messageKey: "uploads.errors.notUploading",
    });
    expect(await env.sentJobs()).toEqual([]);
    expect((await env.db.mediaFile.findUniqueOrThrow({ where: { id: created.id } })).state).toBe("failed");
  });
});

describe("media deleted while it is being processed", () => {
  it("leaves no object behind and gives every byte back", async () => {
    const admin = company.as("admin");
    const before = await storageUsed();
    const { created } = await uploadFile(
      admin,
      { fileName: "crowd.jpg", contentType: "image/jpeg", bytes: photo, target: claim().target },
      env.settings,
    );
    const row = await env.db.mediaFile.findUniqueOrThrow({ where: { id: created.id } });
    expect(await storageUsed()).toBe(before + BigInt(photo.length));

    // The organiser deletes the photo right after the job wrote its first rendition.
    const put = storage.put.bind(storage);
    let deleted = false;
    const spy = vi.spyOn(storage, "put").mockImplementation(async (...args: Parameters<typeof put>) => {
      const result = await put(...args);
      if (!deleted) {
        deleted = true;
        expect((await deleteMedia(company.id, { id: created.id })).ids).toEqual([created.id]);
      }
      return result;
    });
    try {
      expect(await processMedia(created.id, env.settings)).toEqual({ status: "skipped" });
    } finally {
      spy.mockRestore();
    }
    expect(deleted).toBe(true);
    expect(await env.db.mediaFile.findUnique({ where: { id: created.id } })).toBeNull();
    expect(await storage.listKeys(`${prefixOfKey(row.storageKey)}/`)).toEqual([]);
    expect(await storageUsed()).toBe(before);
  });
});
