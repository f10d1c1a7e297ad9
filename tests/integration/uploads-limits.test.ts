import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getStorageUsage } from "@/lib/platform/plans/enforce";
import { GB } from "@/lib/platform/plans/limits";
import { abortUpload } from "@/lib/features/uploads/abort-upload";
import { createUpload } from "@/lib/features/uploads/create-upload";
import en from "@/messages/en.json";
import { accepted, mediaTestEnv, rejection, type MediaTestEnv } from "./support/media";
import { createTenant, createContentRow, createEventRow } from "./support/tenants";

let env: MediaTestEnv;
beforeAll(async () => {
  env = await mediaTestEnv();
});
afterAll(() => env?.close());

/** Adds `count` photo rows to a content, as if uploaded (state ready). */
async function addPhotos(
  companyId: string,
  contentId: string,
  count: number,
  state: "ready" | "failed" = "ready",
) {
  await env.db.mediaFile.createMany({
    data: Array.from({ length: count }, (_, i) => ({
      companyId,
      contentId,
      kind: "photo" as const,
      storageKey: `companies/${companyId}/media/fake-${contentId}-${state}-${i}/original.jpg`,
      originalName: `p${i}.jpg`,
      mimeType: "image/jpeg",
      sizeBytes: 1000n,
      state,
      position: i,
    })),
  });
}

const photoClaim = (contentId: string, size = 50_000) => ({
  fileName: "photo.jpg",
  contentType: "image/jpeg",
  size,
  target: { type: "content" as const, contentId },
});

describe("Starter: 50 photos per event", () => {
  it("refuses the 51st photo of an event, across all its galleries", async () => {
    const company = await createTenant(env.db, { plan: "starter" });
    const event = await createEventRow(env.db, company.id);
    const first = await createContentRow(env.db, company.id, { eventIds: [event.id] });
    const second = await createContentRow(env.db, company.id, { eventIds: [event.id] });
    await addPhotos(company.id, first.id, 30);
    await addPhotos(company.id, second.id, 19);
    // Failed photos do not take a slot.
    await addPhotos(company.id, second.id, 5, "failed");

    await expect(createUpload(company.as("admin"), photoClaim(second.id))).resolves.toMatchObject({
      strategy: "single",
    }); // the 50th
    const error = await rejection(createUpload(company.as("admin"), photoClaim(first.id))); // the 51st
    expect(error).toMatchObject({
      code: "forbidden",
      messageKey: "plans.errors.photosPerEvent",
      values: { limit: 50, plan: "starter" },
    });
    expect(en.plans.errors.photosPerEvent).toBe(
      "Your {plan} plan allows up to {limit} photos per event. See /admin/subscription to upgrade.",
    );

    // Videos and documents do not count as photos.
    const clip = {
      fileName: "clip.mp4",
      contentType: "video/mp4",
      size: 1000,
      target: { type: "content" as const, contentId: first.id },
    };
    await accepted(company.as("admin"), clip, createUpload(company.as("admin"), clip));
  });

  it("holds under concurrent uploads: exactly the free slots are granted", async () => {
    const company = await createTenant(env.db, { plan: "starter" });
    const event = await createEventRow(env.db, company.id);
    const content = await createContentRow(env.db, company.id, { eventIds: [event.id] });
    await addPhotos(company.id, content.id, 45);
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, () => createUpload(company.as("admin"), photoClaim(content.id))),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(5);
    expect(await env.db.mediaFile.count({ where: { contentId: content.id, state: { not: "failed" } } })).toBe(
      50,
    );
  });

  it("does not limit Professional", async () => {
    const company = await createTenant(env.db, { plan: "professional" });
    const event = await createEventRow(env.db, company.id);
    const content = await createContentRow(env.db, company.id, { eventIds: [event.id] });
    await addPhotos(company.id, content.id, 60);
    await accepted(
      company.as("admin"),
      photoClaim(content.id),
      createUpload(company.as("admin"), photoClaim(content.id)),
    );
    expect(await env.db.mediaFile.count({ where: { contentId: content.id } })).toBe(61);
  });
});

describe("storage quota", () => {
  it("refuses a file that would pass the plan's storage (Starter 1 GB) and counts bytes atomically", async () => {
    const company = await createTenant(env.db, { plan: "starter" });
    const content = await createContentRow(env.db, company.id);
    await env.db.company.update({
      where: { id: company.id },
      data: { storageUsedBytes: BigInt(GB) - 100_000n },
    });

    const fits = photoClaim(content.id, 60_000);
    await accepted(company.as("admin"), fits, createUpload(company.as("admin"), fits));
    const error = await rejection(createUpload(company.as("admin"), photoClaim(content.id, 60_000)));
    expect(error).toMatchObject({
      code: "forbidden",
      messageKey: "plans.errors.storageQuota",
      values: { quota: "1 GB" },
    });

    const usage = await getStorageUsage(company.id);
    expect(usage).toMatchObject({ plan: "starter", usedBytes: GB - 40_000, quotaBytes: GB, percent: 99 });
  });

  it("never overshoots when uploads race for the last bytes", async () => {
    const company = await createTenant(env.db, { plan: "starter" });
    const content = await createContentRow(env.db, company.id);
    await env.db.company.update({
      where: { id: company.id },
      data: { storageUsedBytes: BigInt(GB) - 500_000n },
    });
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () => createUpload(company.as("admin"), photoClaim(content.id, 100_000))),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(5);
    expect((await env.db.company.findUniqueOrThrow({ where: { id: company.id } })).storageUsedBytes).toBe(
      BigInt(GB),
    );
  });

  it("gives the reserved bytes back when an upload is cancelled", async () => {
    const company = await createTenant(env.db, { plan: "starter" });
    const content = await createContentRow(env.db, company.id);
    const created = await createUpload(company.as("manager"), photoClaim(content.id, 123_456));
    expect((await getStorageUsage(company.id)).usedBytes).toBe(123_456);
    await abortUpload(company.as("manager"), created.id);
    expect((await getStorageUsage(company.id)).usedBytes).toBe(0);
    expect(await env.db.mediaFile.findUnique({ where: { id: created.id } })).toBeNull();
  });

  it("has a larger quota on the bigger plans (Professional 50 GB, Enterprise 500 GB)", async () => {
    const pro = await createTenant(env.db, { plan: "professional" });
    const ent = await createTenant(env.db, { plan: "enterprise" });
    const premium = await createTenant(env.db, { plan: "premium" });
    const basic = await createTenant(env.db, { plan: "basic" });
    expect((await getStorageUsage(pro.id)).quotaBytes).toBe(50 * GB);
    expect((await getStorageUsage(ent.id)).quotaBytes).toBe(500 * GB);
    expect((await getStorageUsage(premium.id)).quotaBytes).toBe(50 * GB);
    expect((await getStorageUsage(basic.id)).quotaBytes).toBe(GB);
  });
});
