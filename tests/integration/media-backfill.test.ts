import type PgBoss from "pg-boss";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backfillRenditionsPage } from "@/lib/surfaces/workers/backfill";
import { createBoss, ensureQueues } from "@/lib/core/queue/boss";
import { BACKFILL_QUEUE } from "@/lib/core/queue/queues";
import type { PublicChange } from "@/lib/platform/site/cache-tags";
import { startMediaWorkers } from "@/lib/surfaces/workers/worker";
import { addMissingRenditions, findBackfillCandidates } from "@/lib/platform/media/backfill";
import { deleteMedia, storedBytesOf } from "@/lib/platform/media/delete-media";
import { processMedia } from "@/lib/platform/media/process-media";
import { missingVariantWidths, parseStoredVariants, type StoredVariant } from "@/lib/platform/media/variants";
import { generatePhoto } from "@/scripts/lib/demo-media";
import { loadVideoFixture } from "@/scripts/lib/demo-video";
import { mediaTestEnv, uploadFile, type MediaTestEnv } from "./support/media";
import { createContentRow, createEventRow, createTenant, type Tenant } from "./support/tenants";

let env: MediaTestEnv;
let company: Tenant;
let contentId: string;
let eventId: string;
const bosses: PgBoss[] = [];

beforeAll(async () => {
  env = await mediaTestEnv();
  company = await createTenant(env.db, { plan: "starter" });
  eventId = (await createEventRow(env.db, company.id)).id;
  contentId = (await createContentRow(env.db, company.id, { eventIds: [eventId] })).id;
});
afterAll(async () => {
  for (const boss of bosses) await boss.stop({ graceful: false, wait: true }).catch(() => undefined);
  await env?.close();
});

const noFfmpeg = () => env.withSettings({ ffmpegPath: null, ffprobePath: null });

/** Uploads and processes a file with today's widths; returns its id. */
async function ready(
  fileName: string,
  contentType: string,
  bytes: Uint8Array,
  target: "content" | "banner" = "content",
): Promise<string> {
  const { completed } = await uploadFile(
    company.as("admin"),
    {
      fileName,
      contentType,
      bytes,
      target: target === "content" ? { type: "content", contentId } : { type: "event-banner" },
    },
    noFfmpeg(),
  );
  await processMedia(completed.media.id, noFfmpeg());
  return completed.media.id;
}

const variantsOf = async (id: string): Promise<StoredVariant[]> =>
  parseStoredVariants((await env.db.mediaFile.findUniqueOrThrow({ where: { id } })).variants) ?? [];

const usedBytes = async () =>
  (await env.db.company.findUniqueOrThrow({ where: { id: company.id } })).storageUsedBytes;

/**
 * Makes a processed media look as if processed before `width` was in the list: its renditions
 * at that width are removed from the row, the store and the company's storage count.
 */
async function processedWithout(id: string, width: number): Promise<void> {
  const variants = await variantsOf(id);
  const dropped = variants.filter((v) => v.width === width && v.format !== "jpeg");
  expect(dropped.length).toBe(2);
  for (const v of dropped) await env.store.delete(v.key);
  const bytes = dropped.reduce((sum, v) => sum + BigInt(v.bytes), 0n);
  await env.db.$transaction([
    env.db.mediaFile.update({
      where: { id },
      data: { variants: variants.filter((v) => !dropped.includes(v)) },
    }),
    env.db.company.update({ where: { id: company.id }, data: { storageUsedBytes: { decrement: bytes } } }),
  ]);
}

describe("renditions backfill", () => {
  let oldPhoto: string;
  let oldVideo: string;
  let smallPhoto: string;
  let currentPhoto: string;
  let oldBanner: string;
  let looseBanner: string;

  beforeAll(async () => {
    const photo = await generatePhoto({ seed: 41, theme: "festival" }); // 1600 × 1067
    oldPhoto = await ready("old.jpg", "image/jpeg", photo);
    currentPhoto = await ready("new.jpg", "image/jpeg", await generatePhoto({ seed: 42, theme: "club" }));
    smallPhoto = await ready(
      "small.jpg",
      "image/jpeg",
      await generatePhoto({ seed: 43, theme: "acoustic", width: 1000, height: 700 }),
    );
    oldVideo = await ready("clip.mp4", "video/mp4", (await loadVideoFixture()).mp4);
    oldBanner = await ready("banner.jpg", "image/jpeg", photo, "banner");
    looseBanner = await ready("loose.jpg", "image/jpeg", photo, "banner");
    const { storageKey } = await env.db.mediaFile.findUniqueOrThrow({ where: { id: oldBanner } });
    await env.db.event.update({ where: { id: eventId }, data: { bannerKey: storageKey } });
    await processedWithout(oldPhoto, 960);
    await processedWithout(oldVideo, 960); // its placeholder poster is 1280 wide
    await processedWithout(oldBanner, 960);
    await processedWithout(looseBanner, 960);
  });

  it("finds exactly the content media and banners the width rule says lack a rendition (SQL and TypeScript agree)", async () => {
    const candidates = await findBackfillCandidates(null, 100);
    // Not the uploaded banner no event uses (the sweep's to delete).
    expect(new Set(candidates)).toEqual(new Set([oldPhoto, oldVideo, oldBanner]));

    const banners = (await env.db.event.findMany({ select: { bannerKey: true } })).map((e) => e.bannerKey);
    const rows = await env.db.mediaFile.findMany({
      where: {
        state: "ready",
        OR: [{ contentId: { not: null } }, { storageKey: { in: banners.filter((k) => k !== null) } }],
      },
    });
    const byRule = rows.filter((row) => {
      const stored = parseStoredVariants(row.variants) ?? [];
      const poster = stored.find((v) => v.format === "jpeg");
      const width = row.kind === "photo" ? row.width : poster?.width;
      return (
        (row.kind === "photo" || row.kind === "video") &&
        width &&
        missingVariantWidths(width, stored).length > 0
      );
    });
    expect(new Set(byRule.map((r) => r.id))).toEqual(new Set(candidates));
    expect(candidates).not.toContain(smallPhoto);
  });

  it("pages through the candidates in id order", async () => {
    const all = await findBackfillCandidates(null, 100);
    const sorted = [...all].sort();
    const first = await findBackfillCandidates(null, 1);
    expect(first).toEqual([sorted[0]]);
    expect(await findBackfillCandidates(first[0]!, 100)).toEqual(sorted.slice(1));
  });

  it("adds the missing width from the original of a photo or banner and a video's poster, counts the bytes once, refreshes their pages", async () => {
    const before = await usedBytes();
    const untouched = await variantsOf(currentPhoto);
    const changes: PublicChange[] = [];

    const page = await backfillRenditionsPage(null, async (change) => changes.push(change));
    expect(page).toEqual({ added: 3, failed: 0, nextAfterId: null });

    let added = 0n;
    for (const id of [oldPhoto, oldVideo, oldBanner]) {
      const variants = await variantsOf(id);
      const at960 = variants.filter((v) => v.width === 960);
      expect(at960.map((v) => v.format).sort()).toEqual(["avif", "webp"]);
      for (const v of at960) {
        expect(v.key).toMatch(new RegExp(`/media/${id}/w960\\.(webp|avif)$`));
        expect(await env.store.size(v.key)).toBe(v.bytes);
        added += BigInt(v.bytes);
      }
      // Sorted as processing sorts them; nothing else changed.
      expect(variants.map((v) => v.width)).toEqual([...variants.map((v) => v.width)].sort((a, b) => a - b));
      const webp = at960.find((v) => v.format === "webp")!;
      const meta = await sharp(Buffer.from(await env.store.getBytes(webp.key))).metadata();
      expect(meta.width).toBe(960);
    }
    expect(await usedBytes()).toBe(before + added);
    expect(await variantsOf(currentPhoto)).toEqual(untouched);
    expect((await variantsOf(looseBanner)).map((v) => v.width)).not.toContain(960);
    // The 1,000 px photo gets no 960 (a near twin of its own width).
    expect((await variantsOf(smallPhoto)).map((v) => v.width)).not.toContain(960);
    expect(changes).toEqual([{ companyId: company.id, contentIds: [contentId], eventIds: [eventId] }]);

    // A second pass finds nothing and changes nothing.
    expect(await findBackfillCandidates(null, 100)).toEqual([]);
    expect(await backfillRenditionsPage(null)).toEqual({ added: 0, failed: 0, nextAfterId: null });
    expect(await usedBytes()).toBe(before + added);
  });

  it("two workers on one media add each rendition once", async () => {
    const id = await ready("race.jpg", "image/jpeg", await generatePhoto({ seed: 44, theme: "backstage" }));
    await processedWithout(id, 960);
    const before = await usedBytes();
    const outcomes = await Promise.all([addMissingRenditions(id), addMissingRenditions(id)]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(["added", "skipped"]);
    const variants = await variantsOf(id);
    expect(variants.filter((v) => v.width === 960)).toHaveLength(2);
    expect(new Set(variants.map((v) => v.key)).size).toBe(variants.length);
    const at960 = variants.filter((v) => v.width === 960).reduce((sum, v) => sum + BigInt(v.bytes), 0n);
    expect(await usedBytes()).toBe(before + at960);
    for (const v of variants) expect(await env.store.size(v.key)).toBe(v.bytes);
  });

  it("a delete while renditions are being listed gives back every byte of the row's last version", async () => {
    const id = await ready("deleted.jpg", "image/jpeg", await generatePhoto({ seed: 50, theme: "festival" }));
    await processedWithout(id, 960);
    const row = await env.db.mediaFile.findUniqueOrThrow({ where: { id } });
    const before = await usedBytes();
    let locked!: () => void;
    let release!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const gate = new Promise<void>((resolve) => (release = resolve));
    // What the backfill's transaction does: lock the row, list a rendition, count its bytes.
    const job = env.db.$transaction(
      async (tx) => {
        await tx.$queryRaw`SELECT id FROM media_file WHERE id = ${id} FOR UPDATE`;
        locked();
        await gate;
        const extra = {
          width: 960,
          format: "webp" as const,
          key: `${row.storageKey}-w960.webp`,
          bytes: 5000,
        };
        await tx.mediaFile.update({ where: { id }, data: { variants: [...(await variantsOf(id)), extra] } });
        await tx.company.update({
          where: { id: company.id },
          data: { storageUsedBytes: { increment: 5000n } },
        });
      },
      { timeout: 20_000 },
    );
    await isLocked;
    const deleting = deleteMedia(company.id, { id });
    // The delete waits for the job's row lock (a lock not granted) before the job commits: no
    // sleep standing for it.
    await expect
      .poll(
        async () =>
          (
            await env.db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted`
          )[0]!.n,
        { timeout: 10_000, interval: 20 },
      )
      .toBeGreaterThan(0);
    release();
    await job;
    expect((await deleting).ids).toEqual([id]);
    expect(await usedBytes()).toBe(before - storedBytesOf(row));
  });

  it("decodes no source over the upload's pixel limit", async () => {
    const id = await ready("huge.jpg", "image/jpeg", await generatePhoto({ seed: 49, theme: "club" }));
    await processedWithout(id, 960);
    const before = await usedBytes();
    expect(await addMissingRenditions(id, { maxImagePixels: 1_000_000 })).toEqual({
      status: "unfixable",
      reason: "1600×1067 px is over the pixel limit (1000000)",
    });
    expect((await variantsOf(id)).map((v) => v.width)).not.toContain(960);
    expect(await env.store.listKeys(`companies/${company.id}/media/${id}/w960`)).toEqual([]);
    expect(await usedBytes()).toBe(before);
    await env.db.mediaFile.delete({ where: { id } });
  });

  it("passes over a media whose source is gone (logged), and goes on with the others", async () => {
    const broken = await ready(
      "gone.jpg",
      "image/jpeg",
      await generatePhoto({ seed: 45, theme: "festival" }),
    );
    const fine = await ready("fine.jpg", "image/jpeg", await generatePhoto({ seed: 46, theme: "club" }));
    await processedWithout(broken, 960);
    await processedWithout(fine, 960);
    const row = await env.db.mediaFile.findUniqueOrThrow({ where: { id: broken } });
    await env.store.delete(row.storageKey);

    const page = await backfillRenditionsPage(null);
    expect(page).toEqual({ added: 1, failed: 1, nextAfterId: null });
    expect((await variantsOf(fine)).map((v) => v.width)).toContain(960);
    expect((await variantsOf(broken)).map((v) => v.width)).not.toContain(960);
    expect(await env.store.listKeys(`companies/${company.id}/media/${broken}/w960`)).toEqual([]);
    await env.db.mediaFile.delete({ where: { id: broken } });
  });

  it("keeps one pass waiting however many workers start", async () => {
    const boss = createBoss(env.database.url, { max: 2 });
    bosses.push(boss);
    await boss.start();
    await ensureQueues(boss);
    await boss.purgeQueue(BACKFILL_QUEUE);
    for (let start = 0; start < 3; start++) await boss.send(BACKFILL_QUEUE, {});
    expect(await boss.getQueueSize(BACKFILL_QUEUE)).toBe(1);
    await boss.purgeQueue(BACKFILL_QUEUE);
    await boss.stop({ graceful: false, wait: true });
  });

  it("runs in the worker after it starts, one page after another", async () => {
    const ids = [
      await ready("p1.jpg", "image/jpeg", await generatePhoto({ seed: 47, theme: "acoustic" })),
      await ready("p2.jpg", "image/jpeg", await generatePhoto({ seed: 48, theme: "club" })),
    ];
    for (const id of ids) await processedWithout(id, 960);
    const boss = createBoss(env.database.url, { max: 2 });
    bosses.push(boss);
    await boss.start();
    await ensureQueues(boss);
    const workers = await startMediaWorkers(boss, {
      concurrency: { image: 1, video: 1, audio: 1 },
      sweepCron: null,
      pollingIntervalSeconds: 0.5,
      backfillPageSize: 1,
    });
    const deadline = Date.now() + 30_000;
    while ((await findBackfillCandidates(null, 10)).length > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    for (const id of ids) expect((await variantsOf(id)).map((v) => v.width)).toContain(960);
    await workers.stop();
    await boss.stop({ graceful: true, wait: true });
  });
});
