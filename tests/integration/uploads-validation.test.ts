import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MB } from "@/lib/platform/plans/limits";
import { completeUpload } from "@/lib/features/uploads/complete-upload";
import { createUpload } from "@/lib/features/uploads/create-upload";
import en from "@/messages/en.json";
import { generatePhoto } from "@/scripts/lib/demo-media";
import { buildPdf } from "@/scripts/lib/demo-pdf";
import { loadVideoFixture } from "@/scripts/lib/demo-video";
import { accepted, mediaTestEnv, putBytes, rejection, uploadFile, type MediaTestEnv } from "./support/media";
import { createTenant, createContentRow, type Tenant } from "./support/tenants";

let env: MediaTestEnv;
let company: Tenant;
let contentId: string;
let photo: Buffer;

beforeAll(async () => {
  env = await mediaTestEnv();
  company = await createTenant(env.db, { plan: "starter" });
  contentId = (await createContentRow(env.db, company.id)).id;
  photo = await generatePhoto({ seed: 7, theme: "club" });
});
afterAll(() => env?.close());

const text = (key: string): string =>
  key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], en) as string;

const claim = (fileName: string, contentType: string, size: number) => ({
  fileName,
  contentType,
  size,
  target: { type: "content" as const, contentId },
});

async function storageUsed(): Promise<bigint> {
  return (await env.db.company.findUniqueOrThrow({ where: { id: company.id } })).storageUsedBytes;
}

describe("upload rules (spec §5) with the spec's messages", () => {
  it("refuses an image over 10 MB: 'File size must be less than 10MB'", async () => {
    const error = await rejection(
      createUpload(company.as("admin"), claim("big.jpg", "image/jpeg", 10 * MB + 1)),
    );
    expect(error).toMatchObject({ code: "validation", messageKey: "uploads.errors.fileTooLarge" });
    expect(text(error.messageKey)).toBe("File size must be less than 10MB");
    // Exactly 10 MB is allowed.
    await expect(
      createUpload(company.as("admin"), claim("ok.jpg", "image/jpeg", 10 * MB)),
    ).resolves.toMatchObject({
      strategy: "single",
    });
  });

  it("refuses a PDF over 10 MB too", async () => {
    const error = await rejection(
      createUpload(company.as("admin"), claim("doc.pdf", "application/pdf", 11 * MB)),
    );
    expect(error.messageKey).toBe("uploads.errors.fileTooLarge");
  });

  it("refuses a type outside the list: 'File type not allowed'", async () => {
    for (const [name, type] of [
      ["notes.txt", "text/plain"],
      ["page.html", "text/html"],
      ["vector.svg", "image/svg+xml"],
      ["archive.zip", "application/zip"],
      ["movie.mov", "video/quicktime"],
    ]) {
      const error = await rejection(createUpload(company.as("admin"), claim(name!, type!, 1000)));
      expect(error, name).toMatchObject({ code: "validation", messageKey: "uploads.errors.typeNotAllowed" });
    }
    expect(text("uploads.errors.typeNotAllowed")).toBe("File type not allowed");
  });

  it("refuses dangerous names whatever type they claim: 'File type not allowed for security reasons'", async () => {
    for (const name of [
      "setup.exe",
      "run.BAT",
      "x.cmd",
      "screen.scr",
      "a.pif",
      "photo.jpg.js",
      "app.jar",
      "trailing.exe. ",
    ]) {
      const error = await rejection(createUpload(company.as("admin"), claim(name, "image/jpeg", 1000)));
      expect(error, name).toMatchObject({
        code: "validation",
        messageKey: "uploads.errors.blockedExtension",
      });
    }
    expect(text("uploads.errors.blockedExtension")).toBe("File type not allowed for security reasons");
  });

  it("accepts every allowed type, audio included", async () => {
    const types = [
      ["a.jpg", "image/jpeg"],
      ["a.png", "image/png"],
      ["a.gif", "image/gif"],
      ["a.webp", "image/webp"],
      ["a.pdf", "application/pdf"],
      ["a.mp4", "video/mp4"],
      ["a.webm", "video/webm"],
      ["a.mp3", "audio/mpeg"],
      ["a.m4a", "audio/x-m4a"],
      ["a.wav", "audio/wav"],
      ["a.ogg", "audio/ogg"],
      ["no-type.m4a", ""],
    ];
    for (const [name, type] of types) {
      const fileClaim = claim(name!, type!, 1000);
      // An M4A is stored under its registered type, whatever the browser called it.
      const stored = name!.endsWith(".m4a") ? "audio/mp4" : type!;
      await accepted(
        company.as("admin"),
        { ...fileClaim, contentType: stored },
        createUpload(company.as("admin"), fileClaim),
      );
    }
  });

  it("limits video and audio by the plan's per-file limit (Starter 200 MB)", async () => {
    const error = await rejection(
      createUpload(company.as("admin"), claim("long.mp4", "video/mp4", 201 * MB)),
    );
    expect(error).toMatchObject({
      code: "validation",
      messageKey: "uploads.errors.fileTooLargeForPlan",
      values: { limit: "200 MB" },
    });
    expect(text(error.messageKey)).toBe("File size must be less than {limit}");
    const audio = await rejection(
      createUpload(company.as("admin"), claim("long.wav", "audio/wav", 300 * MB)),
    );
    expect(audio.messageKey).toBe("uploads.errors.fileTooLargeForPlan");

    const pro = await createTenant(env.db, { plan: "professional" });
    const proContent = await createContentRow(env.db, pro.id);
    const ok = await createUpload(pro.as("admin"), {
      fileName: "long.mp4",
      contentType: "video/mp4",
      size: 300 * MB,
      target: { type: "content", contentId: proContent.id },
    });
    expect(ok.strategy).toBe("multipart");
  });

  it("never uses the file name in the storage key", async () => {
    const created = await createUpload(
      company.as("admin"),
      claim("../../etc/passwd .jpg", "image/jpeg", 1000),
    );
    const row = await env.db.mediaFile.findUniqueOrThrow({ where: { id: created.id } });
    // A single PUT's key; the completion moves the verified file under a key of its own.
    expect(row.storageKey).toBe(`companies/${company.id}/media/${created.id}/upload.jpg`);
    expect(row.originalName).toBe("passwd .jpg");
  });
});

describe("checks on what actually arrived", () => {
  it("accepts a real JPEG and queues its processing", async () => {
    const before = await storageUsed();
    const { completed } = await uploadFile(company.as("admin"), {
      fileName: "concert.jpg",
      contentType: "image/jpeg",
      bytes: photo,
      target: { type: "content", contentId },
    });
    expect(completed.media.state).toBe("processing");
    expect((await env.sentJobs()).at(-1)).toEqual({
      queue: "media-image",
      data: { mediaId: completed.media.id },
    });
    expect(await storageUsed()).toBe(before + BigInt(photo.length));
  });

  it("rejects a spoofed type (a PDF sent as image/png), deleting the object and giving the bytes back", async () => {
    const pdf = buildPdf({ title: "Not a picture", lines: [] });
    const before = await storageUsed();
    const created = await createUpload(company.as("admin"), claim("holiday.png", "image/png", pdf.length));
    if (created.strategy !== "single") throw new Error("expected a single PUT");
    await putBytes(created.url, pdf, created.headers);
    const row = await env.db.mediaFile.findUniqueOrThrow({ where: { id: created.id } });

    const error = await rejection(completeUpload(company.as("admin"), created.id));
    expect(error).toMatchObject({ code: "validation", messageKey: "uploads.errors.contentMismatch" });
    expect(text(error.messageKey)).toMatch(/^File type not allowed/);
    expect(await env.db.mediaFile.findUnique({ where: { id: created.id } })).toBeNull();
    expect(await env.store.size(row.storageKey)).toBeNull();
    expect(await storageUsed()).toBe(before);
  });

  it("rejects an HTML page disguised as a video", async () => {
    const html = Buffer.from("<!doctype html><script>alert(1)</script>".padEnd(2000, " "));
    const error = await rejection(
      uploadFile(company.as("admin"), {
        fileName: "clip.mp4",
        contentType: "video/mp4",
        bytes: html,
        target: { type: "content", contentId },
      }),
    );
    expect(error.messageKey).toBe("uploads.errors.contentMismatch");
  });

  it("accepts a real MP4 and queues the video job", async () => {
    const { mp4 } = await loadVideoFixture();
    const { completed } = await uploadFile(company.as("admin"), {
      fileName: "clip.mp4",
      contentType: "video/mp4",
      bytes: mp4,
      target: { type: "content", contentId },
    });
    expect(completed.media).toMatchObject({ kind: "video", state: "processing" });
    expect((await env.sentJobs()).at(-1)?.queue).toBe("media-video");
  });

  it("rejects a file whose size differs from the announced one", async () => {
    const bytes = photo.subarray(0, photo.length - 10);
    const created = await createUpload(company.as("admin"), {
      fileName: "concert.jpg",
      contentType: "image/jpeg",
      size: photo.length,
      target: { type: "content", contentId },
    });
    if (created.strategy !== "single") throw new Error("expected a single PUT");
    // The embedded store, like S3, refuses a body whose length differs from the signed one...
    await expect(putBytes(created.url, bytes, created.headers)).rejects.toThrow(/PUT failed: 403/);
    // ...and a store that does not enforce it still gets the size checked on completion.
    const key = decodeURIComponent(new URL(created.url).pathname).slice(`/${env.store.bucket}/`.length);
    await env.store.put(key, bytes, "image/jpeg");
    const error = await rejection(completeUpload(company.as("admin"), created.id));
    expect(error.messageKey).toBe("uploads.errors.sizeMismatch");
  });

  it("rejects an image beyond the pixel limit", async () => {
    const strict = env.withSettings({ maxImagePixels: 1_000_000 }); // the photo is 1600×1067
    const error = await rejection(
      uploadFile(
        company.as("admin"),
        {
          fileName: "huge.jpg",
          contentType: "image/jpeg",
          bytes: photo,
          target: { type: "content", contentId },
        },
        strict,
      ),
    );
    expect(error).toMatchObject({ messageKey: "uploads.errors.imageTooLarge", values: { megapixels: 1 } });
  });

  it("makes a PDF ready at once (nothing to process) and reports what public pages to refresh", async () => {
    const pdf = buildPdf({ title: "Setlist", lines: [{ text: "1. Song" }] });
    const { completed } = await uploadFile(company.as("admin"), {
      fileName: "setlist.pdf",
      contentType: "application/pdf",
      bytes: pdf,
      target: { type: "content", contentId },
    });
    expect(completed.media.state).toBe("ready");
    expect(completed.changed).toEqual({ companyId: company.id, contentIds: [contentId], eventIds: [] });
  });

  it("answers the current state when completion is called twice", async () => {
    const { created } = await uploadFile(company.as("admin"), {
      fileName: "again.jpg",
      contentType: "image/jpeg",
      bytes: photo,
      target: { type: "content", contentId },
    });
    const again = await completeUpload(company.as("admin"), created.id);
    expect(again.media.state).toBe("processing");
  });
});

describe("a photo gallery takes photos only (issue #18)", () => {
  it("refuses an MP3 (or any non-photo) at the upload request, with the file's name, and takes a photo", async () => {
    const gallery = (await createContentRow(env.db, company.id, { kind: "photo_gallery" })).id;
    const to = { type: "content" as const, contentId: gallery };
    const before = await storageUsed();
    for (const [fileName, contentType] of [
      ["song.mp3", "audio/mpeg"],
      ["clip.mp4", "video/mp4"],
      ["kit.pdf", "application/pdf"],
    ] as const) {
      const error = await rejection(
        createUpload(company.as("admin"), { fileName, contentType, size: 1000, target: to }),
      );
      expect(error).toMatchObject({ code: "validation", messageKey: "content.errors.galleryOnlyPhotos" });
      expect(error.values).toEqual({ name: fileName });
    }
    expect(text("content.errors.galleryOnlyPhotos")).toContain("photos only");
    expect(await env.db.mediaFile.count({ where: { contentId: gallery } })).toBe(0);
    expect(await storageUsed()).toBe(before);
    const ok = await createUpload(company.as("admin"), {
      fileName: "crowd.jpg",
      contentType: "image/jpeg",
      size: photo.length,
      target: to,
    });
    expect(ok.strategy).toBe("single");
  });
});
