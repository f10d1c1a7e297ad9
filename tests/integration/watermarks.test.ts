import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/core/db";
import { updateBranding } from "@/lib/features/brand/update-branding";
import { getContentForEdit } from "@/lib/features/content/queries";
import { deleteEvent } from "@/lib/features/events/save-event";
import { updateContent } from "@/lib/features/content/save-content";
import type { DownloadRuleValue } from "@/lib/features/content/schemas";
import { galleryWatermarkStatus } from "@/lib/features/watermarks/queries";
import {
  saveWatermarkDesign,
  setEventSponsorLogo,
  setGalleryWatermark,
} from "@/lib/features/watermarks/save";
import { processMedia } from "@/lib/platform/media/process-media";
import { parseStoredVariants } from "@/lib/platform/media/variants";
import { renditionVersion } from "@/lib/platform/media/urls";
import { markBox, type MarkBox } from "@/lib/platform/media/watermark/geometry";
import { syncGalleryWatermarks } from "@/lib/platform/media/watermark/pass";
import { parseStoredWatermark } from "@/lib/platform/media/watermark/stored";
import type { EngagementLimits } from "@/lib/platform/visitors/limits";
import { signedVisitorId } from "@/lib/platform/visitors/visitor";
import { engagementHandlers } from "@/lib/surfaces/fan-api/http";
import { loadGalleryPhotos } from "@/lib/surfaces/public-site/load-gallery-photos";
import { loadOgSubject } from "@/lib/surfaces/public-site/load-og-subject";
import { loadPlayerPage } from "@/lib/surfaces/public-site/load-player-page";
import { mediaRoutes } from "@/lib/surfaces/public-site/media-routes";
import { readZip } from "../support/zip-reader";
import { mediaTestEnv, uploadFile, type MediaTestEnv } from "./support/media";
import { createContentRow, createEventRow, createTenant, type Tenant } from "./support/tenants";

/**
 * Issue #36, watermarks: the company's mark burned into the pixels of a watermarked gallery's
 * renditions (compared with sharp's raw pixels: different in the mark's box, the same
 * elsewhere), under keys of their own; originals and clean copies never reach a fan while it is
 * on; the background pass and its progress; the sponsor's second mark; the plan gate. Through
 * the real media route, the fans' download handlers, the real database and store.
 */
let env: MediaTestEnv;
let company: Tenant;
let gallery: string;
let eventId: string;
let photos: string[];
let api: ReturnType<typeof engagementHandlers>;

const limits: EngagementLimits = {
  windowSeconds: 60,
  perVisitor: { like: 50, comment: 50, share: 50, download: 50, view: 50, watchTime: 50 },
  anonPerIp: 500,
};
const params = (id: string) => ({ params: Promise.resolve({ id }) });
const DESIGN = {
  kind: "logo",
  text: "",
  position: "bottom-right",
  size: "20",
  edge: "short",
  opacity: "100",
};

/** A 1,600 × 1,000 photo: smooth gradients (a stable encode), with GPS in its EXIF. */
async function photo(seed: number): Promise<Buffer> {
  const [width, height] = [1600, 1000];
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      raw[i] = (x / 8 + seed) % 256;
      raw[i + 1] = (y / 5 + seed * 3) % 256;
      raw[i + 2] = 90;
    }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .withExif({ IFD3: { GPSLatitudeRef: "N", GPSLatitude: "38/1 42/1 2500/100" } })
    .toBuffer();
}

const square = (r: number, g: number, b: number) =>
  sharp({ create: { width: 200, height: 200, channels: 4, background: { r, g, b, alpha: 1 } } })
    .png()
    .toBuffer();

function fanRequest(path: string, body?: unknown, visitor = randomUUID()): Request {
  return new Request(`http://app.test${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: {
      host: "app.test",
      origin: "http://app.test",
      cookie: `NEXT_LOCALE=en; ag_vid=${signedVisitorId(visitor)}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function rendition(mediaId: string, variant: string, query = ""): Promise<Response> {
  return mediaRoutes.media(fanRequest(`/api/media/${mediaId}/${variant}${query}`), {
    params: Promise.resolve({ mediaId, variant }),
  });
}

/** RGB pixels of an encoded image. */
async function pixels(bytes: Uint8Array) {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

type Pixels = Awaited<ReturnType<typeof pixels>>;

/** Mean of each channel, and the mean absolute difference from `other`, inside `box`. */
function region(image: Pixels, box: MarkBox, other?: Pixels) {
  const sum = [0, 0, 0];
  let diff = 0;
  let n = 0;
  for (let y = box.top; y < box.top + box.height; y++)
    for (let x = box.left; x < box.left + box.width; x++) {
      const i = (y * image.width + x) * 3;
      for (let c = 0; c < 3; c++) {
        sum[c]! += image.data[i + c]!;
        if (other) diff += Math.abs(image.data[i + c]! - other.data[i + c]!);
      }
      n++;
    }
  return { r: sum[0]! / n, g: sum[1]! / n, b: sum[2]! / n, diff: diff / (3 * n) };
}

/** A box's inside, a few pixels in from its edges (resampling blurs the border). */
const inner = (box: MarkBox, by = 6): MarkBox => ({
  left: box.left + by,
  top: box.top + by,
  width: box.width - 2 * by,
  height: box.height - 2 * by,
});

async function cleanRendition(mediaId: string, name: string): Promise<Uint8Array> {
  const row = await db.mediaFile.findUniqueOrThrow({ where: { id: mediaId } });
  const clean = (parseStoredVariants(row.variants) ?? []).find((v) => v.key.endsWith(`/${name}`))!;
  return env.store.getBytes(clean.key);
}

async function fanDownload(mediaId: string) {
  const res = await api.download(
    fanRequest(`/api/content/${gallery}/downloads`, { mediaId }),
    params(gallery),
  );
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function setRule(downloadRule: DownloadRuleValue): Promise<void> {
  const current = await getContentForEdit(company.id, gallery);
  await updateContent(company.as("admin"), gallery, {
    title: current.title,
    kind: current.kind,
    eventIds: current.eventIds,
    downloadRule,
  });
}

async function uploadImage(bytes: Buffer, target: Parameters<typeof uploadFile>[1]["target"], name: string) {
  const { completed } = await uploadFile(company.as("admin"), {
    fileName: name,
    contentType: name.endsWith(".png") ? "image/png" : "image/jpeg",
    bytes,
    target,
  });
  expect(await processMedia(completed.media.id)).toMatchObject({ status: "ready" });
  return completed.media.id;
}

const watermarkJobs = async (contentId: string) =>
  (
    await db.$queryRawUnsafe<{ n: bigint }[]>(
      `select count(*) as n from pgboss.job where name = 'media-watermarks' and data->>'contentId' = $1`,
      contentId,
    )
  )[0]!.n;

beforeAll(async () => {
  env = await mediaTestEnv();
  company = await createTenant(env.db, { plan: "professional" });
  eventId = (await createEventRow(env.db, company.id)).id;
  gallery = (
    await createContentRow(env.db, company.id, {
      title: "Main stage",
      kind: "photo_gallery",
      status: "published",
      eventIds: [eventId],
    })
  ).id;
  api = engagementHandlers({
    limits,
    clientIp: { trustProxy: false, trustedProxies: [] },
    ipSecret: "test-secret",
    secureCookie: false,
  });
  const logo = await uploadImage(await square(230, 20, 20), { type: "company-logo" }, "logo.png");
  await updateBranding(company.as("admin"), { logoMediaId: logo });
  await saveWatermarkDesign(company.as("admin"), DESIGN);
  photos = [
    await uploadImage(await photo(7), { type: "content", contentId: gallery }, "IMG_1.jpg"),
    await uploadImage(await photo(40), { type: "content", contentId: gallery }, "IMG_2.jpg"),
  ];
}, 180_000);
afterAll(() => env?.close());

const w640 = { width: 640, height: 400 };
const logoBox = markBox(w640, { width: 200, height: 200 }, { size: 20, edge: "short" }, "bottom-right");
const farAway: MarkBox = { left: 20, top: 20, width: 300, height: 200 };

describe("a watermarked gallery", () => {
  it("turning it on queues the pass; its progress counts the photos until the pass is done", async () => {
    const before = await watermarkJobs(gallery);
    await setGalleryWatermark(company.as("manager"), gallery, true);
    expect(await watermarkJobs(gallery)).toBeGreaterThan(before);
    expect(await galleryWatermarkStatus(company.id, gallery)).toEqual({
      on: true,
      total: 2,
      done: 0,
      failedPhotos: 0,
      failed: false,
      allowed: true,
    });
    // Until its marks are drawn, the photo keeps its clean rendition (no broken image).
    expect((await rendition(photos[0]!, "w640.webp")).status).toBe(200);
    expect(await syncGalleryWatermarks(gallery)).toMatchObject({ drawn: 2, failed: 0 });
    expect(await galleryWatermarkStatus(company.id, gallery)).toMatchObject({ total: 2, done: 2 });
    // Nothing left: a second delivery of the job does nothing.
    expect(await syncGalleryWatermarks(gallery)).toMatchObject({ drawn: 0, removed: 0 });
  }, 120_000);

  it("fans' renditions carry the mark in its box, burned into the pixels, and match the clean ones elsewhere", async () => {
    for (const format of ["webp", "avif"] as const) {
      const res = await rendition(photos[0]!, `w640.${format}`);
      expect(res.status).toBe(200);
      const marked = await pixels(new Uint8Array(await res.arrayBuffer()));
      const clean = await pixels(await cleanRendition(photos[0]!, `w640.${format}`));
      expect([marked.width, marked.height]).toEqual([640, 400]);
      const mark = region(marked, inner(logoBox), clean);
      expect(mark.r).toBeGreaterThan(200);
      expect(mark.g).toBeLessThan(60);
      expect(mark.diff).toBeGreaterThan(40);
      expect(region(marked, farAway, clean).diff).toBeLessThan(3);
    }
  });

  it("marked renditions have keys, versions and ETags of their own; a clean URL is never served as them", async () => {
    const row = await db.mediaFile.findUniqueOrThrow({ where: { id: photos[0]! } });
    const stored = parseStoredWatermark(row.watermark)!;
    const marked = stored.variants.find((v) => v.key.endsWith("/w640.webp"))!;
    const clean = parseStoredVariants(row.variants)!.find((v) => v.key.endsWith("/w640.webp"))!;
    expect(marked.key).toMatch(new RegExp(`/wm-${stored.design}/w640\\.webp$`));
    expect(marked.key).not.toBe(clean.key);
    expect(renditionVersion(marked)).not.toBe(renditionVersion(clean));
    // The page names the marked version (immutable); an old page's clean version gets the marked
    // bytes for a minute only, under another ETag.
    const page = await loadPlayerPage(gallery);
    if (!page || !("content" in page)) throw new Error("the gallery's page is open");
    const shown = page.content.media.find((m) => m.id === photos[0]);
    expect(shown?.image?.webp.map((s) => s.url).join(" ")).toContain(`v=${renditionVersion(marked)}`);
    expect(shown?.image?.webp.map((s) => s.url).join(" ")).not.toContain(`v=${renditionVersion(clean)}`);
    // The photos API of large galleries names the same.
    const paged = await loadGalleryPhotos(gallery, { offset: "0" });
    const item = paged.items.find((i) => i.id === photos[0]);
    expect(item?.image.webp.map((s) => s.url).join(" ")).toContain(`v=${renditionVersion(marked)}`);
    const current = await rendition(photos[0]!, "w640.webp", `?v=${renditionVersion(marked)}`);
    expect(current.headers.get("cache-control")).toContain("immutable");
    const old = await rendition(photos[0]!, "w640.webp", `?v=${renditionVersion(clean)}`);
    expect(old.headers.get("cache-control")).not.toContain("immutable");
    expect(old.headers.get("etag")).toBe(current.headers.get("etag"));
    expect(
      Buffer.from(await old.arrayBuffer()).equals(Buffer.from(await env.store.getBytes(marked.key))),
    ).toBe(true);
  });

  it("share images show the marked photo, never the clean one", async () => {
    const subject = await loadOgSubject("content", gallery);
    expect(subject?.photoKey).toMatch(/\/wm-[0-9a-f]+\/w\d+\.webp$/);
  });

  it("downloads give the marked web-size JPEG, never the original nor the clean copy; Download all too", async () => {
    expect((await rendition(photos[0]!, "original")).status).toBe(404);
    const { status, body } = await fanDownload(photos[0]!);
    expect(status).toBe(200);
    expect(body.fileName).toBe("IMG_1.jpg");
    const bytes = Buffer.from(await (await fetch(String(body.url))).arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe("jpeg");
    expect([meta.width, meta.height]).toEqual([1600, 1000]);
    expect(meta.exif).toBeUndefined();
    const box = markBox(
      { width: 1600, height: 1000 },
      { width: 200, height: 200 },
      { size: 20, edge: "short" },
      "bottom-right",
    );
    const mark = region(await pixels(bytes), inner(box, 10));
    expect(mark.r).toBeGreaterThan(200);
    expect(mark.g).toBeLessThan(60);
    const row = await db.mediaFile.findUniqueOrThrow({ where: { id: photos[0]! } });
    expect(String(body.url)).toContain("/wm-");
    expect(String(body.url)).not.toContain(row.storageKey.split("/").at(-1)!);

    const visitor = randomUUID();
    const granted = await api.prepareDownloadAll(
      fanRequest(`/api/content/${gallery}/download-all`, {}, visitor),
      params(gallery),
    );
    expect(granted.status).toBe(200);
    const { url } = (await granted.json()) as { url: string };
    const zip = await api.downloadAll(fanRequest(url, undefined, visitor), params(gallery));
    expect(zip.status).toBe(200);
    const entries = readZip(Buffer.from(await zip.arrayBuffer()));
    expect(entries.map((e) => e.name)).toEqual(["IMG_1.jpg", "IMG_2.jpg"]);
    for (const entry of entries) {
      const image = await pixels(entry.data);
      expect(region(image, inner(box, 10)).r).toBeGreaterThan(200);
    }
  }, 60_000);

  it("view only stays view only", async () => {
    await setRule("none");
    const { status, body } = await fanDownload(photos[1]!);
    expect(status).toBe(403);
    expect(body.messageKey).toBe("engagement.errors.downloadsOff");
    await setRule("original");
  });

  it("a photo added to a watermarked gallery becomes ready with its marks", async () => {
    const added = await uploadImage(await photo(90), { type: "content", contentId: gallery }, "IMG_3.jpg");
    const row = await db.mediaFile.findUniqueOrThrow({ where: { id: added } });
    expect(parseStoredWatermark(row.watermark)?.variants.length).toBeGreaterThan(0);
    const marked = await pixels(new Uint8Array(await (await rendition(added, "w640.webp")).arrayBuffer()));
    expect(region(marked, inner(logoBox)).r).toBeGreaterThan(200);
    expect(await galleryWatermarkStatus(company.id, gallery)).toMatchObject({ total: 3, done: 3 });
    photos.push(added);
  }, 60_000);

  it("a sponsor's logo is burned in the opposite corner; the old marks stay served until the new are drawn", async () => {
    const sponsor = await uploadImage(await square(20, 20, 230), { type: "event-banner" }, "sponsor.png");
    const before = await db.mediaFile.findUniqueOrThrow({ where: { id: photos[0]! } });
    await setEventSponsorLogo(company.as("manager"), eventId, sponsor);
    expect(await galleryWatermarkStatus(company.id, gallery)).toMatchObject({ done: 0, total: 3 });
    // Mid-way: the previous marks (no broken image, never a clean one).
    const mid = await pixels(new Uint8Array(await (await rendition(photos[0]!, "w640.webp")).arrayBuffer()));
    expect(region(mid, inner(logoBox)).r).toBeGreaterThan(200);
    expect(await syncGalleryWatermarks(gallery)).toMatchObject({ drawn: 3, failed: 0 });
    const image = await pixels(
      new Uint8Array(await (await rendition(photos[0]!, "w640.webp")).arrayBuffer()),
    );
    const sponsorBox = markBox(w640, { width: 200, height: 200 }, { size: 20, edge: "short" }, "top-left");
    expect(region(image, inner(sponsorBox)).b).toBeGreaterThan(200);
    expect(region(image, inner(logoBox)).r).toBeGreaterThan(200);
    // The replaced marks are deleted from the store.
    const old = parseStoredWatermark(before.watermark)!;
    expect(await env.store.listKeys(old.variants[0]!.key)).toEqual([]);
  }, 120_000);

  it("turning it off serves the clean renditions at once; the pass deletes the marked files", async () => {
    const row = await db.mediaFile.findUniqueOrThrow({ where: { id: photos[0]! } });
    const markedKey = parseStoredWatermark(row.watermark)!.variants[0]!.key;
    await setGalleryWatermark(company.as("admin"), gallery, false);
    const served = Buffer.from(await (await rendition(photos[0]!, "w640.webp")).arrayBuffer());
    expect(served.equals(Buffer.from(await cleanRendition(photos[0]!, "w640.webp")))).toBe(true);
    expect(await syncGalleryWatermarks(gallery)).toMatchObject({ removed: 3 });
    expect(await galleryWatermarkStatus(company.id, gallery)).toMatchObject({ on: false, total: 3, done: 3 });
    expect((await db.mediaFile.findUniqueOrThrow({ where: { id: photos[0]! } })).watermark).toBeNull();
    expect(await env.store.listKeys(markedKey)).toEqual([]);
    // And fans download as the rule says again (the original without GPS).
    const { body } = await fanDownload(photos[0]!);
    expect(String(body.url)).not.toContain("/wm-");
  }, 60_000);

  it("a download before the pass reaches a photo does not keep the pass from drawing it (attacker review, H1)", async () => {
    await setGalleryWatermark(company.as("admin"), gallery, true);
    // A fan downloads photo 2 first: its marked web copy is made and recorded alone.
    const { body } = await fanDownload(photos[1]!);
    expect(String(body.url)).toContain("/wm-");
    expect(
      parseStoredWatermark((await db.mediaFile.findUniqueOrThrow({ where: { id: photos[1]! } })).watermark)
        ?.variants,
    ).toEqual([]);
    // The pass still draws its renditions (it counted the photo as current before the fix).
    expect(await syncGalleryWatermarks(gallery)).toMatchObject({ drawn: 3, failed: 0 });
    const row = await db.mediaFile.findUniqueOrThrow({ where: { id: photos[1]! } });
    expect(parseStoredWatermark(row.watermark)?.variants.length).toBeGreaterThan(0);
    // The web copy made first is kept beside them.
    expect(parseStoredWatermark(row.watermark)?.web).toBeTruthy();
    const marked = await pixels(
      new Uint8Array(await (await rendition(photos[1]!, "w640.webp")).arrayBuffer()),
    );
    expect(region(marked, inner(logoBox)).r).toBeGreaterThan(200);
    expect(await galleryWatermarkStatus(company.id, gallery)).toMatchObject({ on: true, total: 3, done: 3 });
  }, 120_000);
});

describe("an event with a sponsor deleted", () => {
  it("takes the sponsor's logo away and queues the pass of its watermarked galleries", async () => {
    const event = await createEventRow(env.db, company.id);
    const content = await createContentRow(env.db, company.id, {
      title: "Side stage",
      kind: "photo_gallery",
      status: "published",
      eventIds: [event.id],
    });
    await setGalleryWatermark(company.as("admin"), content.id, true);
    const sponsor = await uploadImage(await square(20, 200, 20), { type: "event-banner" }, "sponsor2.png");
    await setEventSponsorLogo(company.as("admin"), event.id, sponsor);
    await db.$executeRawUnsafe(`delete from pgboss.job where name = 'media-watermarks'`);
    await deleteEvent(company.as("admin"), event.id);
    expect(await db.mediaFile.findUnique({ where: { id: sponsor } })).toBeNull();
    expect(await watermarkJobs(content.id)).toBe(1n);
  }, 60_000);
});

describe("the plan gate and the inputs", () => {
  it("watermarks are Professional: a Starter company cannot turn them on, nor design or add a sponsor", async () => {
    const starter = await createTenant(env.db);
    const content = await createContentRow(env.db, starter.id, { title: "x", kind: "photo_gallery" });
    const event = await createEventRow(env.db, starter.id);
    const refused = {
      messageKey: "plans.errors.feature",
      values: expect.objectContaining({ feature: "watermarks" }),
    };
    await expect(setGalleryWatermark(starter.as("admin"), content.id, true)).rejects.toMatchObject(refused);
    await expect(saveWatermarkDesign(starter.as("admin"), DESIGN)).rejects.toMatchObject(refused);
    await expect(
      setEventSponsorLogo(starter.as("admin"), event.id, "m0123456789abcdef01234567"),
    ).rejects.toMatchObject(refused);
    // Taking the mark off never needs the plan.
    await expect(setGalleryWatermark(starter.as("admin"), content.id, false)).resolves.toBeDefined();
  });

  it("refuses a design out of range, and another company's gallery or event", async () => {
    await expect(saveWatermarkDesign(company.as("admin"), { ...DESIGN, size: "90" })).rejects.toMatchObject({
      fieldErrors: { size: "watermarks.errors.size" },
    });
    await expect(
      saveWatermarkDesign(company.as("admin"), { ...DESIGN, kind: "text", text: "" }),
    ).rejects.toMatchObject({
      fieldErrors: { text: "watermarks.errors.textRequired" },
    });
    await expect(saveWatermarkDesign(company.as("manager"), DESIGN)).rejects.toMatchObject({
      code: "forbidden",
    });
    const other = await createTenant(env.db, { plan: "professional" });
    await expect(setGalleryWatermark(other.as("admin"), gallery, true)).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(setEventSponsorLogo(other.as("admin"), eventId, null)).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(galleryWatermarkStatus(other.id, gallery)).rejects.toMatchObject({ code: "not_found" });
  });
});
