import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  applyMediaOrder,
  deleteMediaItems,
  moveMedia,
  setMediaHidden,
} from "@/lib/features/content/manage-media";
import { getMediaPage, mediaStates } from "@/lib/features/content/media-page";
import { MEDIA_PAGE_SIZE, mediaPageSchema, type MediaSort } from "@/lib/features/content/schemas";
import { mediaTestEnv, rejection, type MediaTestEnv } from "./support/media";
import { auditRows, createContentRow, createTenant, type Tenant } from "./support/tenants";

/**
 * Issue #36, the admin media manager of a large gallery: pages of `MEDIA_PAGE_SIZE` files in each
 * order with a stable tiebreak, the total, the poll about one page, a move across a page's edge,
 * and "select all N in this gallery" acting on that gallery of that company only.
 */
let env: MediaTestEnv;
let a: Tenant;
let b: Tenant;
const COUNT = 250;

/** Seeds `count` ready photos: shuffled positions, names with ties, a third without capture time. */
async function seedGallery(companyId: string, count: number) {
  const content = await createContentRow(env.db, companyId, { kind: "photo_gallery", status: "published" });
  const base = Date.UTC(2026, 6, 18, 21, 0, 0);
  await env.db.mediaFile.createMany({
    data: Array.from({ length: count }, (_, i) => ({
      companyId,
      contentId: content.id,
      kind: "photo" as const,
      storageKey: `companies/${companyId}/media/seed-${content.id}-${i}/original.jpg`,
      // Names repeat every 120 files: the id breaks the ties.
      originalName: `photo-${String(i % 120).padStart(4, "0")}.jpg`,
      mimeType: "image/jpeg",
      sizeBytes: 1n,
      state: "ready" as const,
      position: (i * 37) % count,
      capturedAt: i % 3 === 0 ? null : new Date(base + ((i * 53) % count) * 1000),
      createdAt: new Date(base + i),
      variants: [
        { key: `companies/${companyId}/media/seed-${i}/w320.webp`, width: 320, format: "webp", bytes: 1 },
      ],
    })),
  });
  return content.id;
}

const rowsOf = (contentId: string) =>
  env.db.mediaFile.findMany({
    where: { contentId },
    select: { id: true, position: true, originalName: true, capturedAt: true, createdAt: true, hidden: true },
  });

/** Every page of `sort`, one after the other. */
async function allPages(companyId: string, contentId: string, sort: MediaSort) {
  const first = await getMediaPage(companyId, contentId, { sort, page: 1 });
  const pages = [first];
  for (let page = 2; page <= first.pageCount; page++)
    pages.push(await getMediaPage(companyId, contentId, { sort, page }));
  return pages;
}

const byId = (x: { id: string }, y: { id: string }) => (x.id < y.id ? -1 : x.id > y.id ? 1 : 0);

beforeAll(async () => {
  env = await mediaTestEnv();
  a = await createTenant(env.db);
  b = await createTenant(env.db);
});
afterAll(() => env?.close());

describe("admin media pages (large galleries)", () => {
  it("reads the page and the order from the URL, anything odd as the default", () => {
    expect(mediaPageSchema.parse({ sort: "name", page: "3" })).toEqual({ sort: "name", page: 3 });
    expect(mediaPageSchema.parse({ sort: "size; drop", page: "-4" })).toEqual({ sort: "position", page: 1 });
    expect(mediaPageSchema.parse({})).toEqual({ sort: "position", page: 1 });
  });

  it("pages a gallery in each order, with its total, a stable tiebreak and only the page signed", async () => {
    const gallery = await seedGallery(a.id, COUNT);
    const rows = await rowsOf(gallery);
    const expected: Record<MediaSort, string[]> = {
      position: [...rows].sort((x, y) => x.position - y.position || byId(x, y)).map((r) => r.id),
      name: [...rows]
        .sort((x, y) =>
          x.originalName < y.originalName ? -1 : x.originalName > y.originalName ? 1 : byId(x, y),
        )
        .map((r) => r.id),
      captured: [...rows]
        .sort(
          (x, y) =>
            (x.capturedAt === null ? 1 : 0) - (y.capturedAt === null ? 1 : 0) ||
            (x.capturedAt?.getTime() ?? 0) - (y.capturedAt?.getTime() ?? 0) ||
            x.createdAt.getTime() - y.createdAt.getTime() ||
            byId(x, y),
        )
        .map((r) => r.id),
    };
    for (const sort of ["position", "name", "captured"] as const) {
      const pages = await allPages(a.id, gallery, sort);
      expect(pages.map((p) => p.items.length)).toEqual([
        MEDIA_PAGE_SIZE,
        MEDIA_PAGE_SIZE,
        COUNT - 2 * MEDIA_PAGE_SIZE,
      ]);
      expect(pages.map((p) => [p.page, p.pageCount, p.total, p.offset, p.sort])).toEqual([
        [1, 3, COUNT, 0, sort],
        [2, 3, COUNT, MEDIA_PAGE_SIZE, sort],
        [3, 3, COUNT, 2 * MEDIA_PAGE_SIZE, sort],
      ]);
      // Every file once, in the order asked for, however many tie.
      expect(pages.flatMap((p) => p.items.map((m) => m.id))).toEqual(expected[sort]);
      // The same page twice is the same slice.
      const again = await getMediaPage(a.id, gallery, { sort, page: 2 });
      expect(again.items.map((m) => m.id)).toEqual(pages[1]!.items.map((m) => m.id));
      expect(pages.every((p) => p.items.every((m) => m.thumbUrl?.includes("w320.webp")))).toBe(true);
    }
    // A page past the end is the last page.
    const far = await getMediaPage(a.id, gallery, { sort: "name", page: 99 });
    expect([far.page, far.items.map((m) => m.id)]).toEqual([3, expected.name.slice(2 * MEDIA_PAGE_SIZE)]);

    // Another company's content is not found: no page, no count, no poll.
    expect((await rejection(getMediaPage(b.id, gallery, { sort: "position", page: 1 }))).code).toBe(
      "not_found",
    );
    expect((await rejection(mediaStates(b.id, gallery, [expected.position[0]!]))).code).toBe("not_found");
  });

  it("polls the states of one page's files and the gallery's count still processing", async () => {
    const gallery = await seedGallery(a.id, 120);
    const { items } = await getMediaPage(a.id, gallery, { sort: "position", page: 2 });
    const last = (await getMediaPage(a.id, gallery, { sort: "position", page: 1 })).items[0]!;
    await env.db.mediaFile.updateMany({
      where: { id: { in: [items[0]!.id, last.id] } },
      data: { state: "processing" },
    });
    const page = await getMediaPage(a.id, gallery, { sort: "position", page: 2 });
    expect(page.processing).toBe(2);
    const polled = await mediaStates(
      a.id,
      gallery,
      page.items.map((m) => m.id),
    );
    expect(polled.processing).toBe(2);
    expect(polled.states.map((s) => s.id).sort()).toEqual(page.items.map((m) => m.id).sort());
    expect(polled.states.filter((s) => s.state === "processing").map((s) => s.id)).toEqual([items[0]!.id]);
  });

  it("moves a file across a page's edge, and makes the name order the gallery's own", async () => {
    const gallery = await seedGallery(a.id, 150);
    const [one, two] = [
      await getMediaPage(a.id, gallery, { sort: "position", page: 1 }),
      await getMediaPage(a.id, gallery, { sort: "position", page: 2 }),
    ];
    const firstOfTwo = two.items[0]!.id;
    // "Move earlier" on page 2's first file: it is the last of page 1, page 1's last is page 2's first.
    await moveMedia(a.as("admin"), gallery, firstOfTwo, MEDIA_PAGE_SIZE - 1);
    const moved = await getMediaPage(a.id, gallery, { sort: "position", page: 1 });
    expect(moved.items.at(-1)?.id).toBe(firstOfTwo);
    expect((await getMediaPage(a.id, gallery, { sort: "position", page: 2 })).items[0]?.id).toBe(
      one.items.at(-1)?.id,
    );
    expect((await rejection(moveMedia(b.as("admin"), gallery, firstOfTwo, 0))).code).toBe("not_found");

    await applyMediaOrder(a.as("admin"), gallery, "name");
    const byName = (await allPages(a.id, gallery, "name")).flatMap((p) => p.items.map((m) => m.id));
    const byPosition = (await allPages(a.id, gallery, "position")).flatMap((p) => p.items.map((m) => m.id));
    expect(byPosition).toEqual(byName);
    // Positions are 0 … n-1 again (the seed's were shuffled).
    expect((await rowsOf(gallery)).map((r) => r.position).sort((x, y) => x - y)).toEqual([
      ...Array(150).keys(),
    ]);
    expect((await rejection(applyMediaOrder(b.as("admin"), gallery, "name"))).code).toBe("not_found");
  });

  it("'select all N in this gallery' hides and deletes that gallery of that company only", async () => {
    const gallery = await seedGallery(a.id, COUNT);
    const sibling = await seedGallery(a.id, 5);
    const foreign = await seedGallery(b.id, 5);
    const shown = await getMediaPage(a.id, gallery, { sort: "position", page: 1 });
    const all = { all: true as const, expected: COUNT, asOf: shown.newestAt! };
    expect(shown.total).toBe(COUNT);

    // Another company naming our gallery, or a count that is no longer the gallery's, changes nothing.
    expect((await rejection(setMediaHidden(b.as("admin"), gallery, all, true))).code).toBe("not_found");
    expect(
      (await rejection(setMediaHidden(a.as("admin"), gallery, { ...all, expected: 249 }, true))).messageKey,
    ).toBe("content.errors.galleryChanged");
    expect((await rowsOf(gallery)).some((r) => r.hidden)).toBe(false);

    // A photo uploaded after the count was shown is never swept in: the count of what was shown
    // still holds, and the act leaves the newcomer alone.
    const late = await env.db.mediaFile.create({
      data: {
        companyId: a.id,
        contentId: gallery,
        kind: "photo",
        storageKey: `companies/${a.id}/media/late/original.jpg`,
        originalName: "late.jpg",
        mimeType: "image/jpeg",
        sizeBytes: 1n,
        state: "ready",
        position: COUNT,
      },
    });
    expect((await setMediaHidden(a.as("manager"), gallery, all, true)).count).toBe(COUNT);
    expect((await rowsOf(gallery)).filter((r) => !r.hidden).map((r) => r.id)).toEqual([late.id]);
    expect((await rowsOf(sibling)).some((r) => r.hidden)).toBe(false);
    expect((await rowsOf(foreign)).some((r) => r.hidden)).toBe(false);
    const audit = (await auditRows(env.db, a.id, "admin_privileged_action")).at(-1);
    expect(audit?.details).toMatchObject({ operation: "media_hidden", count: COUNT, scope: "gallery" });

    expect((await rejection(deleteMediaItems(b.as("admin"), gallery, all))).code).toBe("not_found");
    expect((await deleteMediaItems(a.as("admin"), gallery, all)).count).toBe(COUNT);
    expect((await rowsOf(gallery)).map((r) => r.id)).toEqual([late.id]);
    const deleted = (await auditRows(env.db, a.id, "admin_privileged_action")).at(-1);
    expect(deleted?.details).toMatchObject({ operation: "media_deleted", scope: "gallery" });
    expect((deleted?.details as { mediaIds?: string[] }).mediaIds).toHaveLength(100);
    expect(await rowsOf(sibling)).toHaveLength(5);
    expect(await rowsOf(foreign)).toHaveLength(5);
  });
});
