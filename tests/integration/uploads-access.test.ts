import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { abortUpload } from "@/lib/features/uploads/abort-upload";
import { completeUpload } from "@/lib/features/uploads/complete-upload";
import { createUpload } from "@/lib/features/uploads/create-upload";
import { getUploadStatus, signUploadParts } from "@/lib/features/uploads/get-upload";
import { accepted, mediaTestEnv, rejection, type MediaTestEnv } from "./support/media";
import { createTenant, createContentRow, type Tenant } from "./support/tenants";

let env: MediaTestEnv;
let demo: Tenant;
let other: Tenant;
let demoContent: string;
let otherContent: string;

beforeAll(async () => {
  env = await mediaTestEnv();
  demo = await createTenant(env.db);
  other = await createTenant(env.db);
  demoContent = (await createContentRow(env.db, demo.id)).id;
  otherContent = (await createContentRow(env.db, other.id)).id;
});
afterAll(() => env?.close());

const claim = (contentId: string) => ({
  fileName: "photo.jpg",
  contentType: "image/jpeg",
  size: 1000,
  target: { type: "content" as const, contentId },
});

describe("who may upload", () => {
  it("lets an admin and a manager upload", async () => {
    for (const role of ["admin", "manager"] as const) {
      const created = await accepted(
        demo.as(role),
        claim(demoContent),
        createUpload(demo.as(role), claim(demoContent)),
      );
      expect((await env.db.mediaFile.findUniqueOrThrow({ where: { id: created.id } })).contentId).toBe(
        demoContent,
      );
    }
  });

  it("refuses a member with the user role", async () => {
    const error = await rejection(createUpload(demo.as("user"), claim(demoContent)));
    expect(error).toMatchObject({ code: "forbidden", messageKey: "content.errors.forbidden" });
  });

  it("refuses an upload into another company's content, as if it did not exist", async () => {
    const error = await rejection(createUpload(demo.as("admin"), claim(otherContent)));
    expect(error).toMatchObject({ code: "not_found", messageKey: "content.errors.notFound" });
    expect(await env.db.mediaFile.count({ where: { contentId: otherContent } })).toBe(0);
  });

  it("refuses to touch another company's upload (status, parts, complete, cancel)", async () => {
    const theirs = await createUpload(other.as("admin"), claim(otherContent));
    const me = demo.as("admin");
    for (const attempt of [
      () => getUploadStatus(me, theirs.id),
      () => signUploadParts(me, theirs.id, [1]),
      () => completeUpload(me, theirs.id),
      () => abortUpload(me, theirs.id),
    ]) {
      expect(await rejection(attempt())).toMatchObject({
        code: "not_found",
        messageKey: "uploads.errors.notFound",
      });
    }
    expect(await env.db.mediaFile.findUnique({ where: { id: theirs.id } })).not.toBeNull();
  });

  it("accepts a banner upload only for images", async () => {
    const banner = { ...claim(demoContent), target: { type: "event-banner" as const } };
    const created = await accepted(demo.as("admin"), banner, createUpload(demo.as("admin"), banner));
    // A banner belongs to no content until its event is saved with it.
    expect(await env.db.mediaFile.findUniqueOrThrow({ where: { id: created.id } })).toMatchObject({
      kind: "photo",
      contentId: null,
    });
    const error = await rejection(
      createUpload(demo.as("admin"), {
        fileName: "banner.pdf",
        contentType: "application/pdf",
        size: 1000,
        target: { type: "event-banner" },
      }),
    );
    expect(error.messageKey).toBe("uploads.errors.bannerMustBeImage");
  });
});
