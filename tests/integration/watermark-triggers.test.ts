import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/core/db";
import { updateBranding } from "@/lib/features/brand/update-branding";
import { companyDataFields } from "@/lib/features/company/schemas";
import { updateCompanyData } from "@/lib/features/company/update-company";
import { createEvent, updateEvent } from "@/lib/features/events/save-event";
import type { EventInput } from "@/lib/features/events/schemas";
import { galleryWatermarkStatus } from "@/lib/features/watermarks/queries";
import {
  saveWatermarkDesign,
  setEventSponsorLogo,
  setGalleryWatermark,
  WATERMARK_FLIPS_PER_MINUTE,
  WATERMARK_TRY_AGAIN_SECONDS,
} from "@/lib/features/watermarks/save";
import { processMedia } from "@/lib/platform/media/process-media";
import { parseStoredVariants } from "@/lib/platform/media/variants";
import { markSpecOf } from "@/lib/platform/media/watermark/marks";
import {
  syncGalleryWatermarks,
  WATERMARK_MARK_ATTEMPTS,
  watermarkProgressOf,
} from "@/lib/platform/media/watermark/pass";
import { mediaTestEnv, uploadFile, type MediaTestEnv } from "./support/media";
import { createContentRow, createTenant, type Tenant } from "./support/tenants";

/**
 * Attacker review of issue #36, finding 2: changes that alter a gallery's marks without a save
 * of the design queued no pass, so the old marks stayed — a company renamed (the name is the mark
 * of a logo design without a logo), a logo that finished processing after the marks were drawn,
 * a sponsor's event moved in time (the first sponsor marks the gallery). Only galleries with
 * watermarks on are queued. And a mark picture that cannot be read no longer throws out of the
 * pass: the photos stay due and the pass asks to run again.
 */
let env: MediaTestEnv;
let company: Tenant;
let on: string;
let off: string;

const DESIGN = {
  kind: "logo",
  text: "",
  position: "bottom-right",
  size: "20",
  edge: "short",
  opacity: "100",
};
const png = (r: number, g: number, b: number, size = 120) =>
  sharp({ create: { width: size, height: size, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();

async function upload(bytes: Buffer, target: Parameters<typeof uploadFile>[1]["target"]): Promise<string> {
  const { created } = await uploadFile(company.as("admin"), {
    fileName: "x.png",
    contentType: "image/png",
    bytes,
    target,
  });
  return created.id;
}

const jobs = async (contentId: string) =>
  Number(
    (
      await db.$queryRawUnsafe<{ n: bigint }[]>(
        `select count(*) as n from pgboss.job where name = 'media-watermarks' and data->>'contentId' = $1`,
        contentId,
      )
    )[0]!.n,
  );
const clearJobs = () => db.$executeRawUnsafe(`delete from pgboss.job where name = 'media-watermarks'`);

let n = 0;
const eventInput = (overrides: Partial<EventInput> = {}): EventInput => ({
  name: "Show",
  slug: `triggers-${++n}`,
  date: "2026-07-18",
  time: "20:00",
  timeZone: "Europe/Lisbon",
  isFree: true,
  status: "published",
  isPublic: true,
  ...overrides,
});

beforeAll(async () => {
  env = await mediaTestEnv();
  company = await createTenant(env.db, { plan: "professional" });
  await saveWatermarkDesign(company.as("admin"), DESIGN);
});
afterAll(() => env?.close());

async function galleries(eventIds: string[] = []) {
  on = (await createContentRow(env.db, company.id, { title: "On", kind: "photo_gallery", eventIds })).id;
  off = (await createContentRow(env.db, company.id, { title: "Off", kind: "photo_gallery", eventIds })).id;
  await setGalleryWatermark(company.as("admin"), on, true);
}

describe("changes of the marks that are not a design save queue the pass", () => {
  it("a company renamed (its name is the mark while it has no logo)", async () => {
    await galleries();
    await clearJobs();
    const form = Object.fromEntries(companyDataFields.map((f) => [f, ""]));
    await updateCompanyData(company.as("admin"), {
      ...form,
      name: "Renamed Ltd",
      description: "Uma produtora.",
    });
    expect(await jobs(on)).toBe(1);
    expect(await jobs(off)).toBe(0);
  });

  it("a logo that finishes processing after it was saved", async () => {
    await galleries();
    const logo = await upload(await png(230, 20, 20), { type: "company-logo" });
    await updateBranding(company.as("admin"), { logoMediaId: logo });
    // The pass queued by the save drew the name: the logo was not ready.
    await clearJobs();
    expect(await processMedia(logo)).toMatchObject({ status: "ready" });
    expect(await jobs(on)).toBe(1);
    expect(await jobs(off)).toBe(0);
  });

  it("a sponsor's event moved in time", async () => {
    const event = await createEvent(company.as("manager"), eventInput());
    await galleries([event.id]);
    await setEventSponsorLogo(
      company.as("manager"),
      event.id,
      await upload(await png(20, 20, 230), { type: "event-banner" }),
    );
    await clearJobs();
    // The same date: nothing to redraw.
    await updateEvent(company.as("manager"), event.id, eventInput({ slug: event.slug, name: "Show!" }));
    expect(await jobs(on)).toBe(0);
    await updateEvent(company.as("manager"), event.id, eventInput({ slug: event.slug, date: "2026-07-10" }));
    expect(await jobs(on)).toBe(1);
    expect(await jobs(off)).toBe(0);
  });
});

/** A watermarked gallery of one ready photo, marked before its event got a (ready) sponsor logo. */
async function sponsoredGallery() {
  const event = await createEvent(company.as("manager"), eventInput());
  await galleries([event.id]);
  const photo = await upload(await png(200, 200, 200, 400), { type: "content", contentId: on });
  expect(await processMedia(photo)).toMatchObject({ status: "ready" });
  const sponsor = await upload(await png(20, 20, 230), { type: "event-banner" });
  await setEventSponsorLogo(company.as("manager"), event.id, sponsor);
  expect(await processMedia(sponsor)).toMatchObject({ status: "ready" });
  return { event, sponsor };
}

describe("a mark picture that cannot be read", () => {
  it("does not throw out of the pass: the photos stay due and it asks to run again", async () => {
    const { sponsor } = await sponsoredGallery();
    // The sponsor's renditions vanish from the store (an outage, a damaged bucket).
    const row = await db.mediaFile.findUniqueOrThrow({ where: { id: sponsor } });
    for (const v of parseStoredVariants(row.variants) ?? []) await env.store.delete(v.key);
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const result = await syncGalleryWatermarks(on);
      expect(result).toMatchObject({ drawn: 0, failed: 1, retryLater: true });
      expect(logged).toHaveBeenCalledWith(
        "[afterglow] watermark pass: the marks could not be read",
        expect.objectContaining({ contentId: on }),
      );
    } finally {
      logged.mockRestore();
    }
    // Drawn when it became ready (before the sponsor): still due, for the next run.
    expect(await watermarkProgressOf(on)).toMatchObject({ on: true, total: 1, done: 0, failed: false });
  });

  it("that cannot be decoded is tried a few passes, then left until the organiser changes the sponsor", async () => {
    const { event, sponsor } = await sponsoredGallery();
    // The sponsor's renditions are damaged: bytes no decoder reads.
    const row = await db.mediaFile.findUniqueOrThrow({ where: { id: sponsor } });
    for (const v of parseStoredVariants(row.variants) ?? [])
      await env.store.put(v.key, Buffer.from("not an image at all"), "image/webp");
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      for (let pass = 1; pass < WATERMARK_MARK_ATTEMPTS; pass++)
        expect(await syncGalleryWatermarks(on)).toMatchObject({ failed: 1, retryLater: true, gaveUp: false });
      expect(await watermarkProgressOf(on)).toMatchObject({ done: 0, failed: false });
      expect(await syncGalleryWatermarks(on)).toMatchObject({ failed: 1, retryLater: false, gaveUp: true });
      expect(logged).toHaveBeenCalledTimes(WATERMARK_MARK_ATTEMPTS);
      // A job queued again (the worker's retry) does not read the logo again.
      expect(await syncGalleryWatermarks(on)).toMatchObject({ failed: 1, retryLater: false, gaveUp: true });
      expect(logged).toHaveBeenCalledTimes(WATERMARK_MARK_ATTEMPTS);
      expect(await galleryWatermarkStatus(company.id, on)).toMatchObject({ total: 1, done: 0, failed: true });
      // The organiser's "Try again" (the switch saved again): the logo is read once more.
      await setGalleryWatermark(company.as("admin"), on, true);
      expect(await galleryWatermarkStatus(company.id, on)).toMatchObject({ done: 0, failed: false });
      expect(await syncGalleryWatermarks(on)).toMatchObject({ failed: 1, retryLater: true, gaveUp: false });
      expect(logged).toHaveBeenCalledTimes(WATERMARK_MARK_ATTEMPTS + 1);
    } finally {
      logged.mockRestore();
    }
    // The organiser uploads another sponsor logo: new marks, drawn, the failure forgotten.
    const replacement = await upload(await png(20, 230, 20), { type: "event-banner" });
    expect(await processMedia(replacement)).toMatchObject({ status: "ready" });
    await setEventSponsorLogo(company.as("manager"), event.id, replacement);
    expect(await syncGalleryWatermarks(on)).toMatchObject({ drawn: 1, failed: 0, retryLater: false });
    expect(await galleryWatermarkStatus(company.id, on)).toMatchObject({ total: 1, done: 1, failed: false });
    expect(await db.content.findUniqueOrThrow({ where: { id: on } })).toMatchObject({
      watermarkFailedMarks: null,
      watermarkFailures: 0,
    });
  });

  it("a photo that cannot be marked is tried a few passes, then reported as failed until Try again", async () => {
    // Attacker review: a photo that failed was never tried again (no retryLater) and the gallery's
    // panel polled "n of m" for ever, with no failure and no Try again.
    await galleries();
    await setGalleryWatermark(company.as("admin"), on, false);
    const good = await upload(await png(90, 90, 90, 400), { type: "content", contentId: on });
    const bad = await upload(await png(40, 90, 90, 400), { type: "content", contentId: on });
    for (const photo of [good, bad]) expect(await processMedia(photo)).toMatchObject({ status: "ready" });
    await setGalleryWatermark(company.as("admin"), on, true);
    // One original is gone from the store.
    await env.store.delete((await db.mediaFile.findUniqueOrThrow({ where: { id: bad } })).storageKey);
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      expect(await syncGalleryWatermarks(on)).toMatchObject({ drawn: 1, failed: 1, retryLater: true });
      for (let pass = 2; pass < WATERMARK_MARK_ATTEMPTS; pass++)
        expect(await syncGalleryWatermarks(on)).toMatchObject({ drawn: 0, failed: 1, retryLater: true });
      // Still pending for the panel: it keeps polling.
      expect(await watermarkProgressOf(on)).toMatchObject({
        total: 2,
        done: 1,
        failedPhotos: 0,
        failed: false,
      });
      // The last attempt: the pass stops asking to run again, and the panel is told.
      expect(await syncGalleryWatermarks(on)).toMatchObject({ drawn: 0, failed: 1, retryLater: false });
      expect(logged).toHaveBeenCalledTimes(WATERMARK_MARK_ATTEMPTS);
      expect(await galleryWatermarkStatus(company.id, on)).toMatchObject({
        total: 2,
        done: 1,
        failedPhotos: 1,
        failed: true,
      });
      // A job queued again does not try the photo again.
      expect(await syncGalleryWatermarks(on)).toMatchObject({ drawn: 0, failed: 0, retryLater: false });
      expect(logged).toHaveBeenCalledTimes(WATERMARK_MARK_ATTEMPTS);
      // The organiser's "Try again": the photo's failures are forgotten, it is tried again.
      await setGalleryWatermark(company.as("admin"), on, true);
      expect(await galleryWatermarkStatus(company.id, on)).toMatchObject({
        done: 1,
        failedPhotos: 0,
        failed: false,
      });
      expect(await syncGalleryWatermarks(on)).toMatchObject({ failed: 1, retryLater: true });
      expect(logged).toHaveBeenCalledTimes(WATERMARK_MARK_ATTEMPTS + 1);
    } finally {
      logged.mockRestore();
    }
  });
});

describe("the panel's Try again (the switch saved unchanged)", () => {
  it("is refused a second time within 30 s for the same gallery, leaving the failure as it was", async () => {
    // Attacker review: it was unthrottled, so a member (or a stolen session) could keep the
    // worker reading a damaged logo and every photo it gave up on, again and again.
    await galleries();
    const { hash } = (await markSpecOf(on))!;
    const gaveUp = () =>
      db.content.update({
        where: { id: on },
        data: { watermarkFailedMarks: hash, watermarkFailures: WATERMARK_MARK_ATTEMPTS },
      });
    await gaveUp();
    await setGalleryWatermark(company.as("admin"), on, true);
    expect(await galleryWatermarkStatus(company.id, on)).toMatchObject({ failed: false });
    await gaveUp();
    await clearJobs();
    const refused = await setGalleryWatermark(company.as("admin"), on, true).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: "rate_limited", messageKey: "watermarks.errors.tryAgainLimited" });
    const retryAfter = (refused as { retryAfter: number }).retryAfter;
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(WATERMARK_TRY_AGAIN_SECONDS);
    // Nothing forgotten, nothing queued.
    expect(await galleryWatermarkStatus(company.id, on)).toMatchObject({ failed: true });
    expect(await jobs(on)).toBe(0);
    // Another gallery's Try again is its own; a change of the switch is not this limit's.
    await expect(setGalleryWatermark(company.as("admin"), off, false)).resolves.toBeDefined();
    await expect(setGalleryWatermark(company.as("admin"), on, false)).resolves.toBeDefined();
    await expect(setGalleryWatermark(company.as("admin"), on, true)).resolves.toBeDefined();
  });
});

describe("the switch turned on and off", () => {
  it("is refused past 10 changes a minute for one gallery, changing and queuing nothing", async () => {
    // Attacker review: each change queues the pass over every photo of the gallery, and flips
    // were unlimited, so a loop of them kept the worker redrawing the whole gallery.
    const gallery = (await createContentRow(env.db, company.id, { title: "Flip", kind: "photo_gallery" })).id;
    for (let i = 0; i < WATERMARK_FLIPS_PER_MINUTE; i++) {
      await setGalleryWatermark(company.as("admin"), gallery, i % 2 === 0);
    }
    const before = await db.content.findUniqueOrThrow({
      where: { id: gallery },
      select: { watermarkPhotos: true },
    });
    await clearJobs();
    const refused = await setGalleryWatermark(company.as("admin"), gallery, !before.watermarkPhotos).catch(
      (error: unknown) => error,
    );
    expect(refused).toMatchObject({ code: "rate_limited", messageKey: "auth.errors.tooManyRequests" });
    expect((refused as { retryAfter: number }).retryAfter).toBeLessThanOrEqual(60);
    expect(
      await db.content.findUniqueOrThrow({ where: { id: gallery }, select: { watermarkPhotos: true } }),
    ).toEqual(before);
    expect(await jobs(gallery)).toBe(0);
    // Another gallery's switch is its own.
    const other = (await createContentRow(env.db, company.id, { title: "Other", kind: "photo_gallery" })).id;
    await expect(setGalleryWatermark(company.as("admin"), other, true)).resolves.toBeDefined();
  });
});
