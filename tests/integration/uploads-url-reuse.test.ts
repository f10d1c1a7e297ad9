/**
 * Issue #12, hole 7: a presigned upload URL stays valid until it expires, so it must not be
 * able to replace a file the server already verified. Everything goes through the embedded
 * S3 server's real presigned URLs and its SigV4 checker.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sweepMedia } from "@/lib/surfaces/workers/sweep";
import { uploadKeyOf } from "@/lib/platform/media/keys";
import { processMedia } from "@/lib/platform/media/process-media";
import { MB } from "@/lib/platform/plans/limits";
import { completeUpload, type CompletedUpload } from "@/lib/features/uploads/complete-upload";
import { createUpload } from "@/lib/features/uploads/create-upload";
import { signUploadParts } from "@/lib/features/uploads/get-upload";
import { generatePhoto } from "@/scripts/lib/demo-media";
import { mediaTestEnv, putBytes, type MediaTestEnv } from "./support/media";
import { createContentRow, createTenant, type Tenant } from "./support/tenants";

let env: MediaTestEnv;
let company: Tenant;
let contentId: string;
let photo: Buffer;

beforeAll(async () => {
  env = await mediaTestEnv({ ffmpegPath: null, ffprobePath: null });
  company = await createTenant(env.db, { plan: "professional" });
  contentId = (await createContentRow(env.db, company.id)).id;
  photo = await generatePhoto({ seed: 71, theme: "festival" });
});
afterAll(() => env?.close());

const claim = (size: number) => ({
  fileName: "stage.jpg",
  contentType: "image/jpeg",
  size,
  target: { type: "content" as const, contentId },
});

/** Another valid JPEG of exactly `length` bytes (the signed Content-Length allows no other). */
async function otherPhotoOfLength(length: number): Promise<Buffer> {
  const other = await generatePhoto({ seed: 72, theme: "festival", width: 64, height: 64 });
  if (other.length > length) throw new Error("the replacement must be smaller than the original");
  return Buffer.concat([other, Buffer.alloc(length - other.length, 0x20)]);
}

/** The object key a presigned URL writes to (path style: `/<bucket>/<key>`). */
const keyOfUrl = (url: string) => decodeURIComponent(new URL(url).pathname).replace(/^\/[^/]+\//, "");

const put = (url: string, body: Uint8Array, headers: Record<string, string> = {}) =>
  fetch(url, { method: "PUT", body: new Blob([new Uint8Array(body)]), headers });

describe("a presigned upload URL after completion", () => {
  it("cannot replace the verified original: processing and downloads read the bytes that were checked", async () => {
    const admin = company.as("admin");
    const created = await createUpload(admin, claim(photo.length), env.settings);
    if (created.strategy !== "single") throw new Error("expected a single PUT");
    await putBytes(created.url, photo, created.headers);
    const done = await completeUpload(admin, created.id, {}, env.settings);
    expect(done.media.state).toBe("processing");
    const verified = await env.db.mediaFile.findUniqueOrThrow({ where: { id: created.id } });

    // The URL is still within its lifetime: the store takes the PUT…
    const replacement = await otherPhotoOfLength(photo.length);
    expect(replacement.equals(photo)).toBe(false);
    const reused = await put(created.url, replacement, created.headers);
    expect(reused.status).toBe(200);

    // …but it lands where nothing reads: the row's key still holds what was verified.
    const row = await env.db.mediaFile.findUniqueOrThrow({ where: { id: created.id } });
    expect(row.storageKey).toBe(verified.storageKey);
    expect(Buffer.from(await env.store.getBytes(row.storageKey)).equals(photo)).toBe(true);
    expect(keyOfUrl(created.url)).not.toBe(row.storageKey);

    // Processing reads the same bytes: its renditions are those of the verified photo.
    await processMedia(created.id, env.settings);
    const ready = await env.db.mediaFile.findUniqueOrThrow({ where: { id: created.id } });
    expect(ready).toMatchObject({ state: "ready", width: 1600 });
    expect(Buffer.from(await env.store.getBytes(ready.storageKey)).equals(photo)).toBe(true);

    // The stray object is removed once the URL has expired, and the quota counted the file once.
    const upload = uploadKeyOf(ready.storageKey);
    expect(await env.store.size(upload)).toBe(photo.length);
    // …as is a copy a completion interrupted between its copy and its row update left behind.
    const leftover = `${upload.slice(0, upload.lastIndexOf("/"))}/original-0123456789ab.jpg`;
    await env.store.put(leftover, photo, "image/jpeg");
    const report = await sweepMedia({ now: new Date(ready.createdAt.getTime() + 20 * 60_000) });
    expect(report.strayUploadObjects).toBe(2);
    expect(await env.store.size(upload)).toBeNull();
    expect(await env.store.size(leftover)).toBeNull();
    expect(Buffer.from(await env.store.getBytes(ready.storageKey)).equals(photo)).toBe(true);
    const renditions = await env.store.listKeys(`${upload.slice(0, upload.lastIndexOf("/"))}/`);
    expect(renditions.length).toBeGreaterThan(1);
  });

  it("removes the upload object at completion, keeping only the verified copy", async () => {
    const admin = company.as("admin");
    const created = await createUpload(admin, claim(photo.length), env.settings);
    if (created.strategy !== "single") throw new Error("expected a single PUT");
    await putBytes(created.url, photo, created.headers);
    await completeUpload(admin, created.id, {}, env.settings);
    const row = await env.db.mediaFile.findUniqueOrThrow({ where: { id: created.id } });
    expect(await env.store.size(keyOfUrl(created.url))).toBeNull();
    const folder = row.storageKey.slice(0, row.storageKey.lastIndexOf("/") + 1);
    expect(await env.store.listKeys(folder)).toEqual([row.storageKey]);
    expect(Buffer.from(await env.store.getBytes(row.storageKey)).equals(photo)).toBe(true);
  });

  it("keeps one verified copy when two completions race", async () => {
    const admin = company.as("admin");
    const created = await createUpload(admin, claim(photo.length), env.settings);
    if (created.strategy !== "single") throw new Error("expected a single PUT");
    await putBytes(created.url, photo, created.headers);
    const results = await Promise.all([
      completeUpload(admin, created.id, {}, env.settings),
      completeUpload(admin, created.id, {}, env.settings),
    ]);
    expect(results.map((r) => r.media.state)).toEqual(["processing", "processing"]);
    const row = await env.db.mediaFile.findUniqueOrThrow({ where: { id: created.id } });
    const folder = row.storageKey.slice(0, row.storageKey.lastIndexOf("/") + 1);
    expect(await env.store.listKeys(folder)).toEqual([row.storageKey]);
  });

  it("leaves no partial copy when the store's copy fails because a concurrent completion moved the upload", async () => {
    // A store's copy need not be atomic (the embedded s3rver copies the bytes, then the
    // metadata): the source deleted mid-way by the winning completion leaves a partial target
    // and an error that need not be a 404. Replayed here in that order.
    const admin = company.as("admin");
    const created = await createUpload(admin, claim(photo.length), env.settings);
    if (created.strategy !== "single") throw new Error("expected a single PUT");
    await putBytes(created.url, photo, created.headers);
    const realCopy = env.store.copy.bind(env.store);
    let winner: Promise<CompletedUpload> | undefined;
    const copy = vi.spyOn(env.store, "copy").mockImplementation(async (source, target) => {
      if (winner) return realCopy(source, target);
      winner = completeUpload(admin, created.id, {}, env.settings);
      await winner;
      await env.store.put(target, photo.subarray(0, 100), "image/jpeg");
      throw Object.assign(new Error("We encountered an internal error. Please try again."), {
        name: "InternalError",
        $metadata: { httpStatusCode: 500 },
      });
    });
    let loser: CompletedUpload;
    try {
      loser = await completeUpload(admin, created.id, {}, env.settings);
    } finally {
      copy.mockRestore();
    }
    expect(loser.media.state).toBe("processing");
    expect((await winner!).media.state).toBe("processing");
    const row = await env.db.mediaFile.findUniqueOrThrow({ where: { id: created.id } });
    const folder = row.storageKey.slice(0, row.storageKey.lastIndexOf("/") + 1);
    expect(await env.store.listKeys(folder)).toEqual([row.storageKey]);
  });
});

describe("presigned upload URLs are short-lived and bound to the size", () => {
  it("lives 15 minutes by default", async () => {
    const created = await createUpload(company.as("admin"), claim(photo.length), env.settings);
    if (created.strategy !== "single") throw new Error("expected a single PUT");
    expect(new URL(created.url).searchParams.get("X-Amz-Expires")).toBe("900");
    const lifetime = Date.parse(created.expiresAt) - Date.now();
    expect(lifetime).toBeGreaterThan(14 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(15 * 60_000);
  });

  it("is refused once expired", async () => {
    const created = await createUpload(
      company.as("admin"),
      claim(photo.length),
      env.withSettings({ uploadUrlTtlSeconds: 1 }),
    );
    if (created.strategy !== "single") throw new Error("expected a single PUT");
    // The signature's date has whole seconds: two seconds are always past one second's lifetime.
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    const res = await put(created.url, photo, created.headers);
    expect(res.status).toBe(403);
    expect(await res.text()).toContain("Request has expired");
  });

  it("signs each part's length: a part of another size is refused", async () => {
    const admin = company.as("admin");
    // Small parts, so a refused body is small too (the store closes the connection on refusal).
    const settings = env.withSettings({ multipartThresholdBytes: MB, partSizeBytes: MB });
    const size = MB + 10;
    const created = await createUpload(
      admin,
      { fileName: "clip.mp4", contentType: "video/mp4", size, target: { type: "content", contentId } },
      settings,
    );
    if (created.strategy !== "multipart") throw new Error("expected a multipart upload");
    expect(created).toMatchObject({ partSize: MB, partCount: 2 });
    const { parts } = await signUploadParts(admin, created.id, [1, 2]);
    const [first, last] = parts;
    expect((await put(first!.url, Buffer.alloc(10))).status).toBe(403);
    expect((await put(last!.url, Buffer.alloc(11))).status).toBe(403);
    expect((await put(last!.url, Buffer.alloc(9))).status).toBe(403);
    expect((await put(last!.url, Buffer.alloc(10))).status).toBe(200);
  });
});
