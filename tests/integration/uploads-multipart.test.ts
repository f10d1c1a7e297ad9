import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MB } from "@/lib/platform/plans/limits";
import { abortUpload } from "@/lib/features/uploads/abort-upload";
import { completeUpload } from "@/lib/features/uploads/complete-upload";
import { createUpload } from "@/lib/features/uploads/create-upload";
import { getUploadStatus, signUploadParts } from "@/lib/features/uploads/get-upload";
import { loadVideoFixture } from "@/scripts/lib/demo-video";
import { mediaTestEnv, putBytes, rejection, type MediaTestEnv } from "./support/media";
import { createTenant, createContentRow, type Tenant } from "./support/tenants";

let env: MediaTestEnv;
let company: Tenant;
let contentId: string;
let video: Buffer;

/** A valid MP4 of about `size` bytes: the fixture clip followed by a `free` box (padding). */
function paddedMp4(clip: Buffer, size: number): Buffer {
  const padding = Buffer.alloc(size - clip.length);
  padding.writeUInt32BE(padding.length, 0);
  padding.write("free", 4, "ascii");
  for (let i = 8; i < padding.length; i++) padding[i] = (i * 31) & 0xff;
  return Buffer.concat([clip, padding]);
}

beforeAll(async () => {
  // S3's smallest part is 5 MB; smaller thresholds keep the test file small.
  env = await mediaTestEnv({ multipartThresholdBytes: 5 * MB, partSizeBytes: 5 * MB });
  company = await createTenant(env.db, { plan: "starter" });
  contentId = (await createContentRow(env.db, company.id, { kind: "video_gallery" })).id;
  video = paddedMp4((await loadVideoFixture()).mp4, 12 * MB + 12_345);
});
afterAll(() => env?.close());

const part = (n: number, size: number) => video.subarray((n - 1) * size, n * size);

describe("multipart uploads straight to storage", () => {
  it("resumes an interrupted upload after a reload and completes it", async () => {
    const admin = company.as("admin");
    const created = await createUpload(
      admin,
      {
        fileName: "aftermovie.mp4",
        contentType: "video/mp4",
        size: video.length,
        target: { type: "content", contentId },
      },
      env.settings,
    );
    if (created.strategy !== "multipart") throw new Error("expected a multipart upload");
    expect(created).toMatchObject({ partSize: 5 * MB, partCount: 3 });

    // First page load: part 1 goes up, then the connection drops before part 2 finishes.
    const first = await signUploadParts(admin, created.id, [1, 2]);
    const etag1 = await putBytes(first.parts[0]!.url, part(1, created.partSize));
    const interrupted = new AbortController();
    const dropped = fetch(first.parts[1]!.url, {
      method: "PUT",
      body: new Blob([new Uint8Array(part(2, created.partSize))]),
      signal: interrupted.signal,
    }).catch(() => "dropped");
    interrupted.abort();
    expect(await dropped).toBe("dropped");

    // After the reload: the browser kept { id, partSize, etags } and asks where things stand.
    const status = await getUploadStatus(admin, created.id);
    expect(status).toMatchObject({
      state: "uploading",
      strategy: "multipart",
      partSize: 5 * MB,
      partCount: 3,
    });
    // The store's own list (ListParts, as on real S3): part 1 whole, the cut-off part 2 absent.
    expect(status.uploadedParts).toEqual([{ partNumber: 1, etag: etag1, size: created.partSize }]);

    // Completing now is refused: parts are missing, and the upload stays open.
    expect(
      await rejection(
        completeUpload(admin, created.id, { parts: [{ partNumber: 1, etag: etag1 }] }, env.settings),
      ),
    ).toMatchObject({
      messageKey: "uploads.errors.incomplete",
    });

    // Only the missing parts are sent again (fresh URLs: the old ones may have expired).
    const rest = await signUploadParts(admin, created.id, [2, 3]);
    const etags = [
      { partNumber: 1, etag: etag1 },
      ...(await Promise.all(
        rest.parts.map(async (p) => ({
          partNumber: p.partNumber,
          etag: await putBytes(p.url, part(p.partNumber, created.partSize)),
        })),
      )),
    ];
    const done = await completeUpload(admin, created.id, { parts: etags }, env.settings);
    expect(done.media).toMatchObject({ kind: "video", state: "processing" });
    expect((await env.sentJobs()).at(-1)).toEqual({ queue: "media-video", data: { mediaId: created.id } });

    const row = await env.db.mediaFile.findUniqueOrThrow({ where: { id: created.id } });
    expect(row.multipartUploadId).toBeNull();
    const stored = Buffer.from(await env.store.getBytes(row.storageKey));
    expect(stored.equals(video)).toBe(true);
  });

  it("signs only parts that exist, and only while the upload is open", async () => {
    const admin = company.as("admin");
    const created = await createUpload(
      admin,
      {
        fileName: "b.mp4",
        contentType: "video/mp4",
        size: video.length,
        target: { type: "content", contentId },
      },
      env.settings,
    );
    expect((await rejection(signUploadParts(admin, created.id, [4]))).code).toBe("validation");
    // The store lists an upload's parts only under its own key.
    const row = await env.db.mediaFile.findUniqueOrThrow({ where: { id: created.id } });
    expect(await env.store.listUploadedParts(row.storageKey, row.multipartUploadId!)).toEqual([]);
    await expect(
      env.store.listUploadedParts(`${row.storageKey}.other`, row.multipartUploadId!),
    ).rejects.toThrow(/upload does not exist/);
    await abortUpload(admin, created.id);
    expect((await rejection(signUploadParts(admin, created.id, [1]))).code).toBe("not_found");
  });

  it("rejects a completed multipart file that is shorter than announced", async () => {
    const admin = company.as("admin");
    const created = await createUpload(
      admin,
      {
        fileName: "c.mp4",
        contentType: "video/mp4",
        size: video.length,
        target: { type: "content", contentId },
      },
      env.settings,
    );
    if (created.strategy !== "multipart") throw new Error("expected multipart");
    const { parts } = await signUploadParts(admin, created.id, [1, 2, 3]);
    // The part URLs sign each part's length: the store refuses the short last part…
    const short = part(3, created.partSize).subarray(0, 100);
    const refused = await fetch(parts[2]!.url, { method: "PUT", body: new Blob([new Uint8Array(short)]) });
    expect(refused.status).toBe(403);
    // …and a store that ignored the signed length would still be caught on completion.
    const row = await env.db.mediaFile.findUniqueOrThrow({ where: { id: created.id } });
    const lenient = await env.store.signedPartUrl({
      key: row.storageKey,
      uploadId: row.multipartUploadId!,
      partNumber: 3,
      size: short.length,
      expiresIn: 60,
    });
    const etags = await Promise.all(
      parts.map(async (p) => ({
        partNumber: p.partNumber,
        etag:
          p.partNumber === 3
            ? await putBytes(lenient, short)
            : await putBytes(p.url, part(p.partNumber, created.partSize)),
      })),
    );
    expect(
      (await rejection(completeUpload(admin, created.id, { parts: etags }, env.settings))).messageKey,
    ).toBe("uploads.errors.sizeMismatch");
    expect(await env.db.mediaFile.findUnique({ where: { id: created.id } })).toBeNull();
  });
});
