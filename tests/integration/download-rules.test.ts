import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getContentForEdit } from "@/lib/features/content/queries";
import { updateContent } from "@/lib/features/content/save-content";
import type { DownloadRuleValue } from "@/lib/features/content/schemas";
import { processMedia } from "@/lib/platform/media/process-media";
import { makeWebCopiesOf } from "@/lib/platform/media/web-copy";
import type { EngagementLimits } from "@/lib/platform/visitors/limits";
import { signedVisitorId } from "@/lib/platform/visitors/visitor";
import { engagementHandlers } from "@/lib/surfaces/fan-api/http";
import { resolveMediaObject } from "@/lib/surfaces/public-site/resolve-media-object";
import { readZip } from "../support/zip-reader";
import { mediaTestEnv, uploadFile, type MediaTestEnv } from "./support/media";
import { createContentRow, createEventRow, createTenant, type Tenant } from "./support/tenants";

/**
 * Issue #36, download rules per gallery: the original files (as before), web-size copies (a
 * JPEG of the organiser's long edge, made by the worker or at the first download, never with
 * GPS), or nothing (view only: no download, no "Download all", no lead asked, no original
 * served). Through the real route handlers, the real store and the content form's save.
 */
let env: MediaTestEnv;
let company: Tenant;
let gallery: string;
let api: ReturnType<typeof engagementHandlers>;
let photos: { id: string; bytes: Buffer }[];

const limits: EngagementLimits = {
  windowSeconds: 60,
  perVisitor: { like: 50, comment: 50, share: 50, download: 50, view: 50, watchTime: 50 },
  anonPerIp: 50,
};

/** A 2,400 × 1,600 camera photo with GPS and the owner's name. */
async function cameraPhoto(seed: number): Promise<Buffer> {
  const [width, height] = [2400, 1600];
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * seed + (i >> 9)) % 256;
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 80 })
    .withExif({
      IFD0: { Make: "Canon", Artist: "Jane Doe" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "38/1 42/1 2500/100" },
    })
    .toBuffer();
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

async function setRule(downloadRule: DownloadRuleValue, webDownloadEdge = 2048): Promise<void> {
  const current = await getContentForEdit(company.id, gallery);
  await updateContent(company.as("admin"), gallery, {
    title: current.title,
    kind: current.kind,
    eventIds: current.eventIds,
    requiresLead: current.requiresLead,
    keepPhotoMetadata: current.keepPhotoMetadata,
    downloadRule,
    webDownloadEdge,
  });
}

async function fanDownload(mediaId: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await api.download(
    request(`/api/content/${gallery}/downloads`, randomUUID(), { mediaId }),
    params(gallery),
  );
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function fetched(url: unknown): Promise<Buffer> {
  const file = await fetch(String(url));
  expect(file.status).toBe(200);
  return Buffer.from(await file.arrayBuffer());
}

async function fanZip(): Promise<{ name: string; data: Buffer }[]> {
  const visitor = randomUUID();
  const granted = await api.prepareDownloadAll(
    request(`/api/content/${gallery}/download-all`, visitor, {}),
    params(gallery),
  );
  expect(granted.status).toBe(200);
  const { url } = (await granted.json()) as { url: string };
  const zip = await api.downloadAll(request(url, visitor), params(gallery));
  expect(zip.status).toBe(200);
  return readZip(Buffer.from(await zip.arrayBuffer()));
}

/** A web-size copy: a JPEG fitted in `edge`, no EXIF at all. */
async function expectWebCopy(bytes: Buffer, edge: number): Promise<void> {
  const meta = await sharp(bytes).metadata();
  expect(meta.format).toBe("jpeg");
  expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(edge);
  expect(meta.exif).toBeUndefined();
  expect(bytes.includes("Jane Doe", 0, "latin1")).toBe(false);
}

beforeAll(async () => {
  env = await mediaTestEnv();
  company = await createTenant(env.db, { plan: "professional" });
  const event = await createEventRow(env.db, company.id);
  gallery = (
    await createContentRow(env.db, company.id, {
      title: "Main stage",
      kind: "photo_gallery",
      status: "published",
      eventIds: [event.id],
    })
  ).id;
  api = engagementHandlers({
    limits,
    clientIp: { trustProxy: false, trustedProxies: [] },
    ipSecret: "test-secret",
    secureCookie: false,
  });
  photos = [];
  for (const [name, seed] of [
    ["IMG_0101.jpg", 7],
    ["IMG_0102.jpg", 11],
  ] as const) {
    const bytes = await cameraPhoto(seed);
    const { completed } = await uploadFile(company.as("admin"), {
      fileName: name,
      contentType: "image/jpeg",
      bytes,
      target: { type: "content", contentId: gallery },
    });
    expect(await processMedia(completed.media.id)).toMatchObject({ status: "ready" });
    photos.push({ id: completed.media.id, bytes });
  }
}, 120_000);
afterAll(() => env?.close());

describe("download rules per gallery", () => {
  it("defaults to the original files, as before", async () => {
    expect((await getContentForEdit(company.id, gallery)).downloadRule).toBe("original");
    const { status, body } = await fanDownload(photos[0]!.id);
    expect(status).toBe(200);
    const meta = await sharp(await fetched(body.url)).metadata();
    expect([meta.width, meta.height]).toEqual([2400, 1600]);
  });

  it("web size: the worker makes a JPEG of the chosen edge per photo; fans get it, without GPS", async () => {
    await setRule("web", 1280);
    expect(await makeWebCopiesOf(gallery)).toEqual({ made: 2, failed: 0 });
    const rows = await env.db.mediaFile.findMany({
      where: { contentId: gallery },
      orderBy: { position: "asc" },
    });
    for (const row of rows) {
      expect(row.webKey).toMatch(/\/web-1280\.jpg$/);
      expect(row.webEdge).toBe(1280);
      expect(row.webBytes).toBeGreaterThan(0);
    }
    // Nothing left to make.
    expect(await makeWebCopiesOf(gallery)).toEqual({ made: 0, failed: 0 });
    const { status, body } = await fanDownload(photos[0]!.id);
    expect(status).toBe(200);
    expect(body.fileName).toBe("IMG_0101.jpg");
    await expectWebCopy(await fetched(body.url), 1280);
  });

  it("web size: Download all follows the same rule", async () => {
    const entries = await fanZip();
    expect(entries.map((e) => e.name)).toEqual(["IMG_0101.jpg", "IMG_0102.jpg"]);
    for (const entry of entries) await expectWebCopy(entry.data, 1280);
  });

  it("a new edge replaces the copies (the old ones are deleted); a download before the worker makes its own", async () => {
    const before = await env.db.mediaFile.findUniqueOrThrow({ where: { id: photos[1]!.id } });
    await setRule("web", 1600);
    // The fan is faster than the worker: the copy at the new edge is made for them.
    const { status, body } = await fanDownload(photos[1]!.id);
    expect(status).toBe(200);
    await expectWebCopy(await fetched(body.url), 1600);
    const after = await env.db.mediaFile.findUniqueOrThrow({ where: { id: photos[1]!.id } });
    expect(after.webKey).toMatch(/\/web-1600\.jpg$/);
    expect((await env.store.listKeys(before.webKey!)).length).toBe(0);
    expect(await makeWebCopiesOf(gallery)).toEqual({ made: 1, failed: 0 });
  });

  it("refuses an edge that is not offered, and keeps the rule", async () => {
    await expect(setRule("web", 999)).rejects.toMatchObject({
      fieldErrors: { webDownloadEdge: "content.errors.webEdge" },
    });
    expect((await getContentForEdit(company.id, gallery)).webDownloadEdge).toBe(1600);
  });

  it("none: no single download, no Download all, no lead asked or recorded", async () => {
    await env.db.content.update({ where: { id: gallery }, data: { requiresLead: true } });
    await setRule("none");
    const leadsBefore = await env.db.lead.count({ where: { companyId: company.id } });
    const lead = { name: "Ana Fan", email: `ana-${randomUUID()}@example.com`, consent: true };
    const single = await api.download(
      request(`/api/content/${gallery}/downloads`, randomUUID(), { mediaId: photos[0]!.id, lead }),
      params(gallery),
    );
    expect(single.status).toBe(403);
    const refusal = (await single.json()) as { message: string; leadRequired?: boolean };
    expect(refusal.message).toBe("Downloads are turned off for this content.");
    expect(refusal.leadRequired).toBeUndefined();
    const all = await api.prepareDownloadAll(
      request(`/api/content/${gallery}/download-all`, randomUUID(), { lead }),
      params(gallery),
    );
    expect(all.status).toBe(403);
    expect(await env.db.lead.count({ where: { companyId: company.id } })).toBe(leadsBefore);
    await env.db.content.update({ where: { id: gallery }, data: { requiresLead: false } });
  });

  it("serves a file's public original only under the original rule", async () => {
    const doc = await env.db.mediaFile.create({
      data: {
        companyId: company.id,
        contentId: gallery,
        kind: "document",
        storageKey: `companies/${company.id}/media/${randomUUID()}/original.pdf`,
        originalName: "setlist.pdf",
        mimeType: "application/pdf",
        sizeBytes: 100n,
        state: "ready",
      },
    });
    for (const [rule, state] of [
      ["original", "ok"],
      ["web", "missing"],
      ["none", "missing"],
    ] as const) {
      await setRule(rule);
      expect((await resolveMediaObject(doc.id, "original")).state, rule).toBe(state);
    }
    await env.db.mediaFile.delete({ where: { id: doc.id } });
  });
});
