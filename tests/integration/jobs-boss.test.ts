import type PgBoss from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bossJobSender, createBoss, ensureQueues } from "@/lib/core/queue/boss";
import { MEDIA_QUEUES } from "@/lib/core/queue/queues";
import { scheduleGalleryExpiry } from "@/lib/core/queue/sender";
import { sweepMedia } from "@/lib/surfaces/workers/sweep";
import { startMediaWorkers } from "@/lib/surfaces/workers/worker";
import { generatePhoto } from "@/scripts/lib/demo-media";
import { mediaTestEnv, uploadFile, type MediaTestEnv } from "./support/media";
import { createTenant, createContentRow, type Tenant } from "./support/tenants";

let env: MediaTestEnv;
let company: Tenant;
let contentId: string;
const bosses: PgBoss[] = [];

beforeAll(async () => {
  env = await mediaTestEnv();
  company = await createTenant(env.db);
  contentId = (await createContentRow(env.db, company.id)).id;
});
afterAll(async () => {
  for (const boss of bosses) await boss.stop({ graceful: false, wait: true }).catch(() => undefined);
  await env?.close();
});

async function startBoss(): Promise<PgBoss> {
  const boss = createBoss(env.database.url, { max: 2 });
  bosses.push(boss);
  await boss.start();
  await ensureQueues(boss);
  return boss;
}

async function waitForState(id: string, state: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const row = await env.db.mediaFile.findUnique({ where: { id }, select: { state: true } });
    if (row?.state === state) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`media ${id} did not become ${state}`);
}

describe("pg-boss media jobs", () => {
  it("processes an uploaded photo in a worker and reports the public change", async () => {
    const boss = await startBoss();
    const changes: unknown[] = [];
    const workers = await startMediaWorkers(boss, {
      concurrency: { image: 1, video: 1, audio: 1 },
      onPublicChange: async (change) => changes.push(change),
      sweepCron: null,
      pollingIntervalSeconds: 0.5,
    });
    const { completed } = await uploadFile(company.as("admin"), {
      fileName: "a.jpg",
      contentType: "image/jpeg",
      bytes: await generatePhoto({ seed: 31, theme: "acoustic" }),
      target: { type: "content", contentId },
    });
    await waitForState(completed.media.id, "ready");
    // The worker marks the media ready, then reads the change and reports it: on a busy machine
    // the poll above can see the row before the report arrives.
    await expect
      .poll(() => changes, { timeout: 10_000 })
      .toContainEqual({ companyId: company.id, contentIds: [contentId], eventIds: [] });
    await workers.stop();
    await boss.stop({ graceful: true, wait: true });
  });

  it("keeps jobs across a restart: queued while no worker runs, processed by the next one", async () => {
    const first = await startBoss();
    const { completed } = await uploadFile(company.as("admin"), {
      fileName: "b.jpg",
      contentType: "image/jpeg",
      bytes: await generatePhoto({ seed: 32, theme: "backstage" }),
      target: { type: "content", contentId },
    });
    // The app stops before any worker took the job.
    await first.stop({ graceful: true, wait: true });
    expect((await env.db.mediaFile.findUniqueOrThrow({ where: { id: completed.media.id } })).state).toBe(
      "processing",
    );

    const second = await startBoss();
    await startMediaWorkers(second, {
      concurrency: { image: 1, video: 1, audio: 1 },
      sweepCron: null,
      pollingIntervalSeconds: 0.5,
    });
    await waitForState(completed.media.id, "ready");
    await second.stop({ graceful: true, wait: true });
  });

  it("sends at most one waiting job per media (stately queue)", async () => {
    const boss = await startBoss();
    await boss.purgeQueue(MEDIA_QUEUES.image);
    const sender = bossJobSender(boss);
    await sender.sendMediaJob(MEDIA_QUEUES.image, { mediaId: "same" });
    await sender.sendMediaJob(MEDIA_QUEUES.image, { mediaId: "same" });
    await sender.sendMediaJob(MEDIA_QUEUES.image, { mediaId: "other" });
    expect(await boss.getQueueSize(MEDIA_QUEUES.image)).toBe(2);
    await boss.purgeQueue(MEDIA_QUEUES.image);
    await boss.stop({ graceful: false, wait: true });
  });
});

describe("the sweep", () => {
  it("deletes abandoned uploads, re-queues stuck processing, removes unused banners", async () => {
    const photo = await generatePhoto({ seed: 33, theme: "festival" });
    const admin = company.as("admin");
    const { createUpload } = await import("@/lib/features/uploads/create-upload");
    const abandoned = await createUpload(admin, {
      fileName: "never.jpg",
      contentType: "image/jpeg",
      size: 1000,
      target: { type: "content", contentId },
    });
    const stuck = await uploadFile(admin, {
      fileName: "stuck.jpg",
      contentType: "image/jpeg",
      bytes: photo,
      target: { type: "content", contentId },
    });
    const orphan = await uploadFile(admin, {
      fileName: "banner.jpg",
      contentType: "image/jpeg",
      bytes: photo,
      target: { type: "event-banner" },
    });
    const used = await uploadFile(admin, {
      fileName: "banner2.jpg",
      contentType: "image/jpeg",
      bytes: photo,
      target: { type: "event-banner" },
    });
    const usedRow = await env.db.mediaFile.findUniqueOrThrow({ where: { id: used.created.id } });
    await env.db.event.create({
      data: {
        companyId: company.id,
        name: "With banner",
        slug: `with-banner-${Date.now()}`,
        startsAt: new Date(),
        bannerKey: usedRow.storageKey,
      },
    });
    const usedBefore = (await env.db.company.findUniqueOrThrow({ where: { id: company.id } }))
      .storageUsedBytes;
    const orphanKey = (await env.db.mediaFile.findUniqueOrThrow({ where: { id: orphan.created.id } }))
      .storageKey;

    await env.clearJobs();
    const report = await sweepMedia({
      now: new Date(Date.now() + 2 * 24 * 3600_000),
      giveUpProcessingMs: 7 * 24 * 3600_000,
    });
    expect(report.abandonedUploads).toBeGreaterThanOrEqual(1);
    expect(report.orphanBanners).toBe(1);
    expect(await env.db.mediaFile.findUnique({ where: { id: abandoned.id } })).toBeNull();
    expect(await env.sentJobs()).toContainEqual({
      queue: "media-image",
      data: { mediaId: stuck.created.id },
    });
    expect(await env.db.mediaFile.findUnique({ where: { id: orphan.created.id } })).toBeNull();
    expect(await env.store.size(orphanKey)).toBeNull();
    expect(await env.db.mediaFile.findUnique({ where: { id: used.created.id } })).not.toBeNull();
    const usedAfter = (await env.db.company.findUniqueOrThrow({ where: { id: company.id } }))
      .storageUsedBytes;
    expect(usedAfter).toBe(usedBefore - 1000n - BigInt(photo.length));
  });

  it("a gallery's expiry job refreshes its pages when the date comes; a job for a date since changed does nothing", async () => {
    const boss = await startBoss();
    const changes: unknown[] = [];
    const workers = await startMediaWorkers(boss, {
      concurrency: { image: 1, video: 1, audio: 1 },
      onPublicChange: async (change) => changes.push(change),
      sweepCron: null,
      pollingIntervalSeconds: 0.5,
    });
    const due = (await createContentRow(env.db, company.id, { status: "published" })).id;
    const moved = (await createContentRow(env.db, company.id, { status: "published" })).id;
    const at = new Date(Math.ceil((Date.now() + 2000) / 1000) * 1000);
    for (const id of [due, moved]) {
      await env.db.content.update({ where: { id }, data: { expiresAt: at } });
      await scheduleGalleryExpiry(id, at, async () => boss);
    }
    // The organiser extends one before its date: its job finds another date and does nothing.
    await env.db.content.update({
      where: { id: moved },
      data: { expiresAt: new Date(at.getTime() + 86_400_000) },
    });
    await expect
      .poll(() => changes, { timeout: 20_000 })
      .toContainEqual({ companyId: company.id, contentIds: [due], eventIds: [] });
    // Not before its date.
    expect(Date.now()).toBeGreaterThanOrEqual(at.getTime());
    // Both jobs ran; the moved one reported nothing.
    await expect
      .poll(
        async () =>
          (
            await env.db.$queryRaw<{ state: string }[]>`
              SELECT state::text FROM pgboss.job WHERE name = 'gallery-expiry' AND data->>'contentId' = ${moved}`
          )[0]?.state,
        { timeout: 20_000 },
      )
      .toBe("completed");
    expect(changes).not.toContainEqual(expect.objectContaining({ contentIds: [moved] }));
    await workers.stop();
    await boss.stop({ graceful: true, wait: true });
  });
});
