import { afterAll, beforeAll, expect, it } from "vitest";
import { env as appEnv } from "@/lib/core/env";
import { seedLargeGallery } from "@/scripts/bench/large-gallery";
import { databaseFromUrl } from "@/scripts/bench/pgbench-anchor";
import { mediaTestEnv, type MediaTestEnv } from "./support/media";
import { createContentRow, createTenant } from "./support/tenants";

/**
 * The bench's 5,000-photo gallery (scripts/bench/large-gallery.ts) against a real database: a
 * published standalone gallery of the demo company whose photos repeat a demo photo's renditions,
 * in order, made once per database.
 */
let env: MediaTestEnv;
beforeAll(async () => {
  env = await mediaTestEnv();
});
afterAll(() => env?.close());

it("makes the demo company's large gallery once, its photos in order", async () => {
  const demo = await createTenant(env.db, { slug: "demo" });
  const gallery = await createContentRow(env.db, demo.id, { kind: "photo_gallery", status: "published" });
  await env.db.mediaFile.create({
    data: {
      companyId: demo.id,
      contentId: gallery.id,
      kind: "photo",
      storageKey: `companies/${demo.id}/media/x/original`,
      originalName: "x.jpg",
      mimeType: "image/jpeg",
      sizeBytes: BigInt(1000),
      state: "ready",
      downloadKey: `companies/${demo.id}/media/x/download.jpg`,
      variants: [{ width: 320, format: "webp", key: `companies/${demo.id}/media/x/w320.webp`, bytes: 10 }],
    },
  });
  const target = databaseFromUrl(appEnv.DATABASE_URL!);
  const path = await seedLargeGallery(target, 50);
  expect(await seedLargeGallery(target, 50)).toBe(path);
  const contentId = path.split("/").pop()!;
  expect(path).toBe(`/demo/player/${contentId}`);
  const content = await env.db.content.findUniqueOrThrow({
    where: { id: contentId },
    include: { events: true },
  });
  expect(content).toMatchObject({
    status: "published",
    kind: "photo_gallery",
    companyId: demo.id,
    events: [],
  });
  const photos = await env.db.mediaFile.findMany({ where: { contentId }, orderBy: { position: "asc" } });
  expect(photos).toHaveLength(50);
  expect(photos.map((p) => p.position)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  expect(new Set(photos.map((p) => JSON.stringify(p.variants))).size).toBe(1);
  // Their download copy too: the worker's backfill finds nothing to make from absent originals.
  expect(new Set(photos.map((p) => p.downloadKey))).toEqual(
    new Set([`companies/${demo.id}/media/x/download.jpg`]),
  );
});
