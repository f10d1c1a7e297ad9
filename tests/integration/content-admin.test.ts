import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  deleteContent,
  deleteMediaItem,
  deleteMediaItems,
  originalDownloadUrl,
  moveMedia,
  retryMedia,
  safeDownloadName,
  setCover,
  setMediaHidden,
} from "@/lib/features/content/manage-media";
import { resolveMediaObject } from "@/lib/surfaces/public-site/resolve-media-object";
import { getMediaPage } from "@/lib/features/content/media-page";
import { contentTotals, getContentForEdit, listContents } from "@/lib/features/content/queries";
import { createContent, setContentStatus, updateContent } from "@/lib/features/content/save-content";
import { processMedia } from "@/lib/platform/media/process-media";
import { generatePhoto } from "@/scripts/lib/demo-media";
import { mediaTestEnv, rejection, uploadFile, type MediaTestEnv } from "./support/media";
import { createTenant, createEventRow, type Tenant } from "./support/tenants";

let env: MediaTestEnv;
let demo: Tenant;
let other: Tenant;
let photos: Buffer[];

beforeAll(async () => {
  env = await mediaTestEnv();
  demo = await createTenant(env.db, { plan: "starter" });
  other = await createTenant(env.db);
  photos = await Promise.all(
    [51, 52, 53].map((seed) => generatePhoto({ seed, theme: "club", width: 800, height: 533 })),
  );
});
afterAll(() => env?.close());

async function addPhoto(contentId: string, i: number, process = true) {
  const { created } = await uploadFile(demo.as("admin"), {
    fileName: `photo-${i}.jpg`,
    contentType: "image/jpeg",
    bytes: photos[i % photos.length]!,
    target: { type: "content", contentId },
  });
  if (process) await processMedia(created.id);
  return created.id;
}

/** The gallery's files, first page, in its own order. */
const mediaOf = async (contentId: string, companyId = demo.id) =>
  (await getMediaPage(companyId, contentId, { sort: "position", page: 1 })).items;

const used = async (companyId = demo.id) =>
  (await env.db.company.findUniqueOrThrow({ where: { id: companyId } })).storageUsedBytes;

describe("content admin", () => {
  it("creates a single content and a gallery linked to events, and lists them with filters", async () => {
    const event = await createEventRow(env.db, demo.id, "Noite");
    const single = await createContent(demo.as("manager"), {
      title: "Setlist",
      category: "Documentos",
      tags: "setlist, pdf, Setlist",
      kind: "single",
      status: "draft",
      eventIds: [event.id],
      requiresLead: true,
    });
    const gallery = await createContent(demo.as("admin"), {
      title: "Palco principal",
      kind: "photo_gallery",
      status: "published",
    });
    expect(single.changed).toEqual({ companyId: demo.id, contentIds: [single.id], eventIds: [event.id] });
    const row = await env.db.content.findUniqueOrThrow({ where: { id: single.id } });
    expect(row).toMatchObject({
      tags: ["setlist", "pdf"],
      requiresLead: true,
      status: "draft",
      publishedAt: null,
    });
    expect(
      (await env.db.content.findUniqueOrThrow({ where: { id: gallery.id } })).publishedAt,
    ).not.toBeNull();

    expect((await listContents(demo.id, {})).total).toBe(2);
    expect((await listContents(demo.id, { status: "published" })).items.map((i) => i.id)).toEqual([
      gallery.id,
    ]);
    expect((await listContents(demo.id, { kind: "single" })).items.map((i) => i.id)).toEqual([single.id]);
    const byEvent = await listContents(demo.id, { eventId: event.id });
    expect(byEvent.items.map((i) => i.id)).toEqual([single.id]);
    expect(byEvent.items[0]?.events).toEqual([{ id: event.id, name: "Noite" }]);
    expect((await listContents(other.id, {})).total).toBe(0);
    expect(await contentTotals(demo.id)).toEqual({ total: 2, published: 1 });
  });

  it("shows each content's all-time engagement, counted from the engagement and lead rows", async () => {
    const company = await createTenant(env.db);
    const quiet = await createContent(company.as("admin"), { title: "Quiet", kind: "single" });
    const busy = await createContent(company.as("admin"), { title: "Busy", kind: "single" });
    const long = new Date(Date.now() - 400 * 86_400_000);
    const row = (type: "view" | "like" | "unlike" | "download", visitorId: string, createdAt?: Date) => ({
      companyId: company.id,
      contentId: busy.id,
      type,
      visitorId,
      ...(createdAt ? { createdAt } : {}),
    });
    await env.db.engagementEvent.createMany({
      data: [
        row("view", "a", long),
        row("view", "b"),
        row("view", "c"),
        row("like", "a"),
        row("like", "b"),
        row("unlike", "b"),
        row("download", "a"),
      ],
    });
    await env.db.lead.create({
      data: {
        companyId: company.id,
        contentId: busy.id,
        name: "Ana",
        email: "ana@example.com",
        createdAt: long,
      },
    });
    const { items } = await listContents(company.id, {});
    const byId = new Map(items.map((i) => [i.id, i.engagement]));
    expect(byId.get(busy.id)).toEqual({ views: 3, likes: 1, downloads: 1, leads: 1 });
    expect(byId.get(quiet.id)).toEqual({ views: 0, likes: 0, downloads: 0, leads: 0 });
  });

  it("paginates", async () => {
    const company = await createTenant(env.db);
    for (let i = 0; i < 25; i++) {
      await createContent(company.as("admin"), { title: `Item ${i}`, kind: "photo_gallery" });
    }
    const first = await listContents(company.id, {});
    expect(first).toMatchObject({ total: 25, atStart: true, previousCursor: null });
    expect(first.items).toHaveLength(20);
    const second = await listContents(company.id, { cursor: first.nextCursor! });
    expect(second).toMatchObject({ atStart: false, nextCursor: null });
    expect(second.items).toHaveLength(5);
  });

  it("refuses events of another company, and a user-role member", async () => {
    const theirs = await createEventRow(env.db, other.id);
    const error = await rejection(
      createContent(demo.as("admin"), { title: "x", kind: "single", eventIds: [theirs.id] }),
    );
    expect(error.messageKey).toBe("content.errors.eventNotFound");
    expect((await rejection(createContent(demo.as("user"), { title: "x", kind: "single" }))).code).toBe(
      "forbidden",
    );
  });

  it("publishes, archives and edits, reporting the events whose pages change", async () => {
    const a = await createEventRow(env.db, demo.id, "A");
    const b = await createEventRow(env.db, demo.id, "B");
    const { id } = await createContent(demo.as("admin"), {
      title: "T",
      kind: "photo_gallery",
      eventIds: [a.id],
    });
    const published = await setContentStatus(demo.as("admin"), id, "published");
    expect(published.changed).toEqual({ companyId: demo.id, contentIds: [id], eventIds: [a.id] });
    expect((await env.db.content.findUniqueOrThrow({ where: { id } })).status).toBe("published");
    await setContentStatus(demo.as("admin"), id, "archived");
    expect((await env.db.content.findUniqueOrThrow({ where: { id } })).status).toBe("archived");

    const moved = await updateContent(demo.as("admin"), id, {
      title: "New title",
      kind: "video_gallery",
      status: "draft",
      eventIds: [b.id],
    });
    expect(moved.changed.eventIds.sort()).toEqual([a.id, b.id].sort());
    const edit = await getContentForEdit(demo.id, id);
    expect(edit).toMatchObject({
      title: "New title",
      kind: "video_gallery",
      status: "draft",
      eventIds: [b.id],
    });
    expect((await rejection(updateContent(other.as("admin"), id, { title: "x", kind: "single" }))).code).toBe(
      "not_found",
    );
  });

  it("keeps the status when the edit form sends none (the publish control owns it)", async () => {
    const { id } = await createContent(demo.as("admin"), { title: "Kept", kind: "photo_gallery" });
    const row = () =>
      env.db.content.findUniqueOrThrow({ where: { id }, select: { status: true, publishedAt: true } });
    expect(await row()).toMatchObject({ status: "draft", publishedAt: null });
    await setContentStatus(demo.as("admin"), id, "published");
    const { publishedAt } = await row();
    expect(publishedAt).toBeInstanceOf(Date);
    await updateContent(demo.as("admin"), id, { title: "Kept, renamed", kind: "photo_gallery" });
    expect(await row()).toEqual({ status: "published", publishedAt });
  });

  it("refuses linking a gallery to an event it would take past 50 photos (Starter)", async () => {
    const event = await createEventRow(env.db, demo.id, "Full");
    const full = await createContent(demo.as("admin"), {
      title: "Full",
      kind: "photo_gallery",
      eventIds: [event.id],
    });
    await env.db.mediaFile.createMany({
      data: Array.from({ length: 49 }, (_, i) => ({
        companyId: demo.id,
        contentId: full.id,
        kind: "photo" as const,
        storageKey: `companies/${demo.id}/media/full-${i}/original.jpg`,
        originalName: "p.jpg",
        mimeType: "image/jpeg",
        sizeBytes: 1n,
        state: "ready" as const,
      })),
    });
    const gallery = await createContent(demo.as("admin"), { title: "More", kind: "photo_gallery" });
    await addPhoto(gallery.id, 0, false);
    await addPhoto(gallery.id, 1, false);
    const error = await rejection(
      updateContent(demo.as("admin"), gallery.id, {
        title: "More",
        kind: "photo_gallery",
        eventIds: [event.id],
      }),
    );
    expect(error.messageKey).toBe("plans.errors.photosPerEvent");
  });

  it("reorders gallery items, picks a cover, deletes an item and the whole content with its objects", async () => {
    const { id } = await createContent(demo.as("admin"), { title: "G", kind: "photo_gallery" });
    const before = await used();
    const ids = [await addPhoto(id, 0), await addPhoto(id, 1), await addPhoto(id, 2)];
    expect((await getContentForEdit(demo.id, id)).coverMediaId).toBe(ids[0]);

    await moveMedia(demo.as("admin"), id, ids[2]!, 0);
    const edit = await mediaOf(id);
    expect(edit.map((m) => m.id)).toEqual([ids[2], ids[0], ids[1]]);
    expect(edit[0]?.thumbUrl).toMatch(/w320\.webp/);
    // An index past the end puts it last; a file of another gallery is not found.
    await moveMedia(demo.as("admin"), id, ids[2]!, 99);
    expect((await mediaOf(id)).map((m) => m.id)).toEqual([ids[0], ids[1], ids[2]]);
    await moveMedia(demo.as("admin"), id, ids[2]!, 0);

    await setCover(demo.as("admin"), id, ids[1]!);
    expect((await env.db.content.findUniqueOrThrow({ where: { id } })).coverMediaId).toBe(ids[1]);
    const elsewhere = await createContent(demo.as("admin"), { title: "H", kind: "photo_gallery" });
    expect((await rejection(setCover(demo.as("admin"), elsewhere.id, ids[1]!))).messageKey).toBe(
      "content.errors.coverInvalid",
    );

    // Deleting the cover picks the next ready photo in gallery order.
    await deleteMediaItem(demo.as("admin"), ids[1]!);
    expect((await env.db.content.findUniqueOrThrow({ where: { id } })).coverMediaId).toBe(ids[2]);
    expect(await env.store.listKeys(`companies/${demo.id}/media/${ids[1]}/`)).toEqual([]);

    await deleteContent(demo.as("manager"), id);
    expect(await env.db.content.findUnique({ where: { id } })).toBeNull();
    for (const m of ids) expect(await env.store.listKeys(`companies/${demo.id}/media/${m}/`)).toEqual([]);
    expect(await used()).toBe(before);
  });

  it("hides files from fans and shows them again, and deletes several at once (bulk)", async () => {
    const { id } = await createContent(demo.as("admin"), {
      title: "Bulk",
      kind: "photo_gallery",
      status: "published",
    });
    const before = await used();
    const ids = [await addPhoto(id, 0), await addPhoto(id, 1), await addPhoto(id, 2)];
    const shown = async (mediaId: string) => (await resolveMediaObject(mediaId, "w320.webp")).state;
    expect(await shown(ids[0]!)).toBe("ok");

    expect((await setMediaHidden(demo.as("manager"), id, [ids[0]!, ids[1]!], true)).count).toBe(2);
    expect(await shown(ids[0]!)).toBe("missing");
    expect((await mediaOf(id)).map((m) => m.hidden)).toEqual([true, true, false]);
    await setMediaHidden(demo.as("admin"), id, [ids[1]!], false);
    expect(await shown(ids[1]!)).toBe("ok");
    // Another company's gallery, or its files named from ours, change nothing.
    expect((await rejection(setMediaHidden(other.as("admin"), id, [ids[2]!], true))).code).toBe("not_found");
    const elsewhere = await createContent(demo.as("admin"), { title: "Elsewhere", kind: "photo_gallery" });
    expect((await rejection(setMediaHidden(demo.as("admin"), elsewhere.id, [ids[2]!], true))).code).toBe(
      "not_found",
    );
    expect((await rejection(deleteMediaItems(other.as("admin"), id, ids))).code).toBe("not_found");
    expect(await shown(ids[2]!)).toBe("ok");

    expect((await deleteMediaItems(demo.as("admin"), id, [ids[0]!, ids[2]!])).count).toBe(2);
    expect((await mediaOf(id)).map((m) => m.id)).toEqual([ids[1]]);
    for (const m of [ids[0]!, ids[2]!])
      expect(await env.store.listKeys(`companies/${demo.id}/media/${m}/`)).toEqual([]);
    await deleteContent(demo.as("admin"), id);
    expect(await used()).toBe(before);
  });

  it("keeps when each photo was taken, from its EXIF (the media manager's capture-time order)", async () => {
    const { id } = await createContent(demo.as("admin"), { title: "Taken", kind: "photo_gallery" });
    const bytes = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#335577" } })
      .jpeg()
      .withExif({ IFD2: { DateTimeOriginal: "2026:07:18 22:10:00", OffsetTimeOriginal: "+01:00" } })
      .toBuffer();
    const { created } = await uploadFile(demo.as("admin"), {
      fileName: "taken.jpg",
      contentType: "image/jpeg",
      bytes,
      target: { type: "content", contentId: id },
    });
    await processMedia(created.id);
    const plain = await addPhoto(id, 0);
    const media = await mediaOf(id);
    expect(media.find((m) => m.id === created.id)?.capturedAt).toBe("2026-07-18T21:10:00.000Z");
    expect(media.find((m) => m.id === plain)?.capturedAt).toBeNull();
    await deleteContent(demo.as("admin"), id);
  });

  it("retries failed processing", async () => {
    const { id } = await createContent(demo.as("admin"), { title: "R", kind: "photo_gallery" });
    const mediaId = await addPhoto(id, 0, false);
    await env.db.mediaFile.update({
      where: { id: mediaId },
      data: { state: "failed", processingError: "media.errors.processingFailed" },
    });
    await env.clearJobs();
    await retryMedia(demo.as("admin"), mediaId);
    expect(await env.db.mediaFile.findUniqueOrThrow({ where: { id: mediaId } })).toMatchObject({
      state: "processing",
      processingError: null,
    });
    expect(await env.sentJobs()).toEqual([{ queue: "media-image", data: { mediaId } }]);
    expect((await rejection(retryMedia(demo.as("admin"), mediaId))).messageKey).toBe(
      "media.errors.notRetryable",
    );
    expect((await rejection(retryMedia(other.as("admin"), mediaId))).code).toBe("not_found");
  });

  it("downloads originals through a short-lived signed URL with a safe file name", async () => {
    const { id } = await createContent(demo.as("admin"), { title: "D", kind: "single" });
    const { created } = await uploadFile(demo.as("admin"), {
      fileName: 'Show "night".jpg',
      contentType: "image/jpeg",
      bytes: photos[0]!,
      target: { type: "content", contentId: id },
    });
    const url = await originalDownloadUrl(demo.as("admin"), created.id);
    expect(url).toMatch(/X-Amz-Expires=60/);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="Show night.jpg"; filename*=UTF-8''Show%20night.jpg`,
    );
    expect(res.headers.get("content-type")).toBe("image/jpeg");
    expect((await rejection(originalDownloadUrl(other.as("admin"), created.id))).code).toBe("not_found");

    expect(safeDownloadName("../../etc/passwd", "application/pdf")).toBe("passwd.pdf");
    expect(safeDownloadName("evil.exe", "image/png")).toBe("evil.png");
    expect(safeDownloadName("Fotografia nº1 — São João.jpeg", "image/jpeg")).toBe(
      "Fotografia nº1 — São João.jpg",
    );
  });
});
