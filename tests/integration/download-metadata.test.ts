import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deleteContent, originalDownloadUrl } from "@/lib/features/content/manage-media";
import { getContentForEdit } from "@/lib/features/content/queries";
import { updateContent } from "@/lib/features/content/save-content";
import { addMissingRenditions, findBackfillCandidates } from "@/lib/platform/media/backfill";
import { deleteMedia } from "@/lib/platform/media/delete-media";
import { processMedia } from "@/lib/platform/media/process-media";
import type { EngagementLimits } from "@/lib/platform/visitors/limits";
import { signedVisitorId } from "@/lib/platform/visitors/visitor";
import { engagementHandlers } from "@/lib/surfaces/fan-api/http";
import { readZip } from "../support/zip-reader";
import { mediaTestEnv, uploadFile, type MediaTestEnv } from "./support/media";
import { createContentRow, createEventRow, createTenant, type Tenant } from "./support/tenants";

/**
 * Issue #34, row 2: a JPEG with GPS, downloaded by a fan after the lead form (and in the
 * "Download all" ZIP), came back byte for byte, GPS included. Through the real route handlers:
 * fans get the photo without GPS or other personal EXIF, with its orientation, colour profile
 * and pixels; a gallery that keeps metadata, and the organiser's own download, give the original.
 */
let env: MediaTestEnv;
let company: Tenant;
let gated: string;
let kept: string;
let api: ReturnType<typeof engagementHandlers>;

const limits: EngagementLimits = {
  windowSeconds: 60,
  perVisitor: { like: 50, comment: 50, share: 50, download: 50, view: 50, watchTime: 50 },
  anonPerIp: 50,
};
const SECRETS = ["Jane Doe", "SN-48151623", "Canon"];
const GPS_IFD_POINTER = 0x8825;
const EXIF_IFD_POINTER = 0x8769;

/** A phone photo: GPS, owner, camera serial, turned (orientation 6), Display P3 profile. */
async function phonePhoto(seed: number): Promise<Buffer> {
  const width = 96;
  const height = 64;
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * seed + (i >> 4) * 7) % 256;
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 88 })
    .withIccProfile("p3")
    .withExif({
      IFD0: { Make: "Canon", Model: "EOS R6", Artist: "Jane Doe" },
      IFD2: { BodySerialNumber: "SN-48151623", CameraOwnerName: "Jane Doe" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "38/1 42/1 2500/100",
        GPSLongitudeRef: "W",
        GPSLongitude: "9/1 8/1 4200/100",
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** IFD0's tags of a JPEG's EXIF (as sharp reads it), or [] without EXIF. */
async function ifd0Tags(jpeg: Buffer): Promise<number[]> {
  const exif = (await sharp(jpeg).metadata()).exif;
  if (!exif) return [];
  const tiff = exif.subarray(6);
  const le = tiff.toString("latin1", 0, 2) === "II";
  const u16 = (at: number) => (le ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const ifd = le ? tiff.readUInt32LE(4) : tiff.readUInt32BE(4);
  return Array.from({ length: u16(ifd) }, (_, i) => u16(ifd + 2 + i * 12));
}

const rawPixels = (jpeg: Buffer) => sharp(jpeg, { autoOrient: false }).raw().toBuffer();

/** What a fan must get: no GPS or personal EXIF; orientation, ICC and pixels as the original's. */
async function expectCleanCopyOf(got: Buffer, original: Buffer) {
  expect(got.equals(original)).toBe(false);
  expect(SECRETS.filter((s) => got.includes(s, 0, "latin1"))).toEqual([]);
  expect(await ifd0Tags(original)).toEqual(expect.arrayContaining([GPS_IFD_POINTER, EXIF_IFD_POINTER]));
  expect(await ifd0Tags(got)).toEqual([0x0112]);
  const [was, is] = [await sharp(original).metadata(), await sharp(got).metadata()];
  expect(is.orientation).toBe(6);
  expect(is.icc && was.icc && is.icc.equals(was.icc)).toBe(true);
  expect((await rawPixels(got)).equals(await rawPixels(original))).toBe(true);
}

interface Photo {
  id: string;
  bytes: Buffer;
}

async function upload(contentId: string, name: string, seed: number): Promise<Photo> {
  const bytes = await phonePhoto(seed);
  const { completed } = await uploadFile(company.as("admin"), {
    fileName: name,
    contentType: "image/jpeg",
    bytes,
    target: { type: "content", contentId },
  });
  expect(await processMedia(completed.media.id)).toMatchObject({ status: "ready" });
  return { id: completed.media.id, bytes };
}

/** Makes a processed photo look processed before download copies existed. */
async function processedBeforeCopies(id: string): Promise<void> {
  const row = await env.db.mediaFile.findUniqueOrThrow({ where: { id } });
  expect(row.downloadKey).toMatch(/\/download\.jpg$/);
  await env.store.delete(row.downloadKey!);
  await env.db.mediaFile.update({ where: { id }, data: { downloadKey: null, downloadBytes: 0 } });
}

const usedBytes = async () =>
  (await env.db.company.findUniqueOrThrow({ where: { id: company.id } })).storageUsedBytes;

/** What the company's media count against its plan: originals and renditions, never the copies. */
async function originalsAndRenditions(): Promise<bigint> {
  const rows = await env.db.mediaFile.findMany({ where: { companyId: company.id } });
  return rows.reduce(
    (sum, r) =>
      sum + r.sizeBytes + BigInt((r.variants as { bytes: number }[]).reduce((n, v) => n + v.bytes, 0)),
    0n,
  );
}

const params = (id: string) => ({ params: Promise.resolve({ id }) });
function request(path: string, visitor: string, body?: unknown): Request {
  return new Request(`http://app.test${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: {
      host: "app.test",
      cookie: `NEXT_LOCALE=en; ag_vid=${signedVisitorId(visitor)}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}
const lead = () => ({ name: "Ana Fan", email: `ana-${randomUUID()}@example.com`, consent: true });

/** A fan's single download through the route handler (the lead form sent with it), fetched from the store. */
async function fanDownload(contentId: string, mediaId: string): Promise<Buffer> {
  const res = await api.download(
    request(`/api/content/${contentId}/downloads`, randomUUID(), { mediaId, lead: lead() }),
    params(contentId),
  );
  expect(res.status).toBe(200);
  const { url } = (await res.json()) as { url: string };
  const file = await fetch(url);
  expect(file.status).toBe(200);
  return Buffer.from(await file.arrayBuffer());
}

/** A fan's "Download all" through the route handlers: the POST with the lead form, then the ZIP. */
async function fanZip(contentId: string): Promise<Buffer[]> {
  const visitor = randomUUID();
  const granted = await api.prepareDownloadAll(
    request(`/api/content/${contentId}/download-all`, visitor, { lead: lead() }),
    params(contentId),
  );
  expect(granted.status).toBe(200);
  const { url } = (await granted.json()) as { url: string };
  const zip = await api.downloadAll(request(url, visitor), params(contentId));
  expect(zip.status).toBe(200);
  return readZip(Buffer.from(await zip.arrayBuffer())).map((e) => e.data);
}

let fresh: Photo;
let older: Photo;
let keptPhoto: Photo;

beforeAll(async () => {
  env = await mediaTestEnv();
  company = await createTenant(env.db, { plan: "professional" });
  const event = await createEventRow(env.db, company.id);
  const gallery = (title: string) =>
    createContentRow(env.db, company.id, {
      title,
      kind: "photo_gallery",
      status: "published",
      requiresLead: true,
      eventIds: [event.id],
    });
  gated = (await gallery("Backstage")).id;
  kept = (await gallery("Press")).id;
  api = engagementHandlers({
    limits,
    clientIp: { trustProxy: false, trustedProxies: [] },
    ipSecret: "test-secret",
    secureCookie: false,
  });
  fresh = await upload(gated, "IMG_0001.jpg", 31);
  older = await upload(gated, "IMG_0002.jpg", 47);
  keptPhoto = await upload(kept, "IMG_0003.jpg", 53);
});
afterAll(() => env?.close());

describe("fans' photo downloads without location", () => {
  it("makes the copy when the photo is processed, beside its renditions, outside the storage quota", async () => {
    const row = await env.db.mediaFile.findUniqueOrThrow({ where: { id: fresh.id } });
    const copy = Buffer.from(await env.store.getBytes(row.downloadKey!));
    expect(row.downloadBytes).toBe(copy.length);
    expect(copy.length).toBeGreaterThan(0);
    // Three photos with copies stored: the plan's meter counts their originals and renditions only.
    expect(await usedBytes()).toBe(await originalsAndRenditions());
    await expectCleanCopyOf(copy, fresh.bytes);
    // The original itself is untouched.
    expect(Buffer.from(await env.store.getBytes(row.storageKey)).equals(fresh.bytes)).toBe(true);
  });

  it("gives the fan the copy after the lead form: no GPS, orientation and ICC kept, the same pixels", async () => {
    await expectCleanCopyOf(await fanDownload(gated, fresh.id), fresh.bytes);
  });

  it("makes the copy at the first download of a photo processed before copies existed, the quota's use unchanged", async () => {
    await processedBeforeCopies(older.id);
    const before = await usedBytes();
    await expectCleanCopyOf(await fanDownload(gated, older.id), older.bytes);
    const row = await env.db.mediaFile.findUniqueOrThrow({ where: { id: older.id } });
    expect(row.downloadKey).toMatch(/\/download\.jpg$/);
    expect(row.downloadBytes).toBeGreaterThan(0);
    expect(await usedBytes()).toBe(before);
    await fanDownload(gated, older.id);
    expect(await usedBytes()).toBe(before);
  });

  it("puts the copies in the Download all ZIP", async () => {
    const entries = await fanZip(gated);
    expect(entries).toHaveLength(2);
    await expectCleanCopyOf(entries[0]!, fresh.bytes);
    await expectCleanCopyOf(entries[1]!, older.bytes);
  });

  it("makes the copy in the backfill pass for photos processed before", async () => {
    await processedBeforeCopies(older.id);
    const before = await usedBytes();
    expect(await findBackfillCandidates(null, 50)).toContain(older.id);
    expect(await addMissingRenditions(older.id)).toEqual({ status: "copied" });
    const row = await env.db.mediaFile.findUniqueOrThrow({ where: { id: older.id } });
    await expectCleanCopyOf(Buffer.from(await env.store.getBytes(row.downloadKey!)), older.bytes);
    expect(await usedBytes()).toBe(before);
    expect(await findBackfillCandidates(null, 50)).not.toContain(older.id);
  });

  it("leaves the organiser's own download the untouched original", async () => {
    const res = await fetch(await originalDownloadUrl(company.as("admin"), fresh.id));
    expect(Buffer.from(await res.arrayBuffer()).equals(fresh.bytes)).toBe(true);
  });

  it("gives the original, metadata included, when the gallery keeps it (saved through the content form's save)", async () => {
    const current = await getContentForEdit(company.id, kept);
    expect(current.keepPhotoMetadata).toBe(false);
    await expectCleanCopyOf(await fanDownload(kept, keptPhoto.id), keptPhoto.bytes);

    await updateContent(company.as("admin"), kept, {
      title: current.title,
      kind: current.kind,
      eventIds: current.eventIds,
      requiresLead: current.requiresLead,
      keepPhotoMetadata: true,
    });
    expect((await getContentForEdit(company.id, kept)).keepPhotoMetadata).toBe(true);
    expect((await fanDownload(kept, keptPhoto.id)).equals(keptPhoto.bytes)).toBe(true);
    expect((await fanZip(kept)).map((e) => e.equals(keptPhoto.bytes))).toEqual([true]);
  });

  it("deletes the copy with its photo, giving back the original's and renditions' bytes only", async () => {
    const row = await env.db.mediaFile.findUniqueOrThrow({ where: { id: fresh.id } });
    expect(await env.store.size(row.downloadKey!)).toBe(row.downloadBytes);
    const before = await usedBytes();
    await deleteMedia(company.id, { id: fresh.id });
    expect(await env.store.size(row.downloadKey!)).toBeNull();
    expect(await env.store.listKeys(`companies/${company.id}/media/${fresh.id}/`)).toEqual([]);
    const renditions = (row.variants as { bytes: number }[]).reduce((sum, v) => sum + v.bytes, 0);
    expect(await usedBytes()).toBe(before - row.sizeBytes - BigInt(renditions));
    expect(await usedBytes()).toBe(await originalsAndRenditions());
  });

  it("deletes every copy of a gallery deleted as a whole", async () => {
    const rows = await env.db.mediaFile.findMany({ where: { contentId: kept } });
    const copies = rows.flatMap((r) =>
      r.downloadKey && r.downloadKey !== r.storageKey ? [r.downloadKey] : [],
    );
    expect(copies.length).toBeGreaterThan(0);
    await deleteContent(company.as("admin"), kept);
    for (const key of copies) expect(await env.store.size(key)).toBeNull();
    expect(await usedBytes()).toBe(await originalsAndRenditions());
  });
});
