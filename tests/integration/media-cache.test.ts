import http from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/core/db";
import { storage } from "@/lib/core/storage";
import { apiContentSecurityPolicy } from "@/lib/core/http/response-headers";
import { publicCompanyLogoUrl, publicMediaUrl, renditionVersion, versionOf } from "@/lib/platform/media/urls";
import { cacheTags } from "@/lib/platform/site/cache-tags";
import { engagementRoutes } from "@/lib/surfaces/fan-api/server";
import { IMMUTABLE_CACHE_CONTROL, REDIRECT_MAX_AGE } from "@/lib/surfaces/public-site/media-access";
import { mediaRoutes } from "@/lib/surfaces/public-site/media-routes";
import { processRenditionCache } from "@/lib/surfaces/public-site/rendition-cache";
import { FRONT_DOOR_HEADER, frontDoor } from "@/server/front-door";
import { createContentRow, createEventRow, createTenant, type Tenant } from "./support/tenants";

const { publish } = createRequire(import.meta.url)("../../server/shared-cache-tags.cjs") as {
  publish: (tags: string[]) => Promise<void>;
};

/**
 * Public renditions at static speed (issue #35): versioned URLs answered `immutable` with an
 * ETag and 304, the bytes from the server's memory after the first read, and the check of who
 * may see them made on every request before that memory is asked: unpublished, private and
 * deleted content is never answered from it.
 */
let a: Tenant;
let b: Tenant;
const bytesOf = (tag: string) => new Uint8Array([0x52, 0x49, 0x46, 0x46, ...new TextEncoder().encode(tag)]);

interface Photo {
  mediaId: string;
  contentId: string;
  key: string;
  bytes: Uint8Array;
  url: string;
}

/** A ready photo of a published content (linked to `eventId` if given), its w640.webp in the store. */
async function photo(tenant: Tenant, tag: string, eventId?: string): Promise<Photo> {
  const content = await createContentRow(db, tenant.id, {
    status: "published",
    kind: "photo_gallery",
    eventIds: eventId ? [eventId] : [],
  });
  const mediaId = `m${tag}${Date.now().toString(36)}`;
  const key = `companies/${tenant.id}/media/${mediaId}/w640.webp`;
  const bytes = bytesOf(tag);
  await db.mediaFile.create({
    data: {
      id: mediaId,
      companyId: tenant.id,
      contentId: content.id,
      kind: "photo",
      storageKey: `companies/${tenant.id}/media/${mediaId}/original.jpg`,
      originalName: "p.jpg",
      mimeType: "image/jpeg",
      sizeBytes: 1000n,
      state: "ready",
      variants: [{ width: 640, format: "webp", key, bytes: bytes.length }],
    },
  });
  await storage.put(key, bytes, "image/webp");
  const url = publicMediaUrl(mediaId, "w640.webp", renditionVersion({ key, bytes: bytes.length }));
  return { mediaId, contentId: content.id, key, bytes, url };
}

/** GET (or HEAD) through the route file's handler, as Next.js calls it. */
async function get(url: string, init: RequestInit = {}): Promise<Response> {
  const request = new Request(new URL(url, "http://localhost"), init);
  const [, , , mediaId, variant] = new URL(request.url).pathname.split("/");
  return mediaRoutes.media(request, { params: Promise.resolve({ mediaId: mediaId!, variant: variant! }) });
}

const readSmall = vi.spyOn(storage, "readSmall");

beforeAll(async () => {
  a = await createTenant(db);
  b = await createTenant(db);
});
beforeEach(() => {
  processRenditionCache().clear();
  readSmall.mockClear();
});

describe("a versioned rendition URL", () => {
  it("is answered immutable, with an ETag, the CSP's nosniff, and 304 on If-None-Match without the store", async () => {
    const p = await photo(a, "imm");
    const answer = await get(p.url);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toBe(IMMUTABLE_CACHE_CONTROL);
    expect(IMMUTABLE_CACHE_CONTROL).toMatch(/^public, max-age=31536000, .*immutable$/);
    expect(answer.headers.get("content-type")).toBe("image/webp");
    expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
    expect(new Uint8Array(await answer.arrayBuffer())).toEqual(p.bytes);
    const etag = answer.headers.get("etag")!;
    expect(etag).toMatch(/^"\w+"$/);

    readSmall.mockClear();
    const current = await get(p.url, { headers: { "if-none-match": etag } });
    expect(current.status).toBe(304);
    expect(current.headers.get("etag")).toBe(etag);
    expect(current.headers.get("cache-control")).toBe(IMMUTABLE_CACHE_CONTROL);
    expect(readSmall).not.toHaveBeenCalled();
    expect((await get(p.url, { headers: { "if-none-match": '"other"' } })).status).toBe(200);

    const head = await get(p.url, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String(p.bytes.length));
    expect(head.body).toBeNull();
  });

  it("comes from memory after the first read: one read of the store for many fans at once", async () => {
    const p = await photo(a, "hot");
    const answers = await Promise.all(Array.from({ length: 8 }, () => get(p.url)));
    for (const answer of answers) expect(new Uint8Array(await answer.arrayBuffer())).toEqual(p.bytes);
    expect(readSmall).toHaveBeenCalledTimes(1);
    // Gone from the store (never without its row in practice): still answered, from memory.
    await storage.delete(p.key);
    expect(new Uint8Array(await (await get(p.url)).arrayBuffer())).toEqual(p.bytes);
    expect(readSmall).toHaveBeenCalledTimes(1);
  });

  it("unversioned or of an older version: the current bytes, for a minute only", async () => {
    const p = await photo(a, "old");
    const before = (await get(p.url)).headers.get("etag");
    for (const url of [
      publicMediaUrl(p.mediaId, "w640.webp"),
      `${publicMediaUrl(p.mediaId, "w640.webp")}?v=old`,
    ]) {
      const answer = await get(url);
      expect(answer.status, url).toBe(200);
      expect(answer.headers.get("cache-control"), url).toBe(`public, max-age=${REDIRECT_MAX_AGE}`);
      expect(new Uint8Array(await answer.arrayBuffer())).toEqual(p.bytes);
    }
    // Re-encoded to another size: another version, another URL; the old one is no longer immutable.
    const bigger = new Uint8Array([...p.bytes, 0, 0]);
    await storage.put(p.key, bigger, "image/webp");
    await db.mediaFile.update({
      where: { id: p.mediaId },
      data: { variants: [{ width: 640, format: "webp", key: p.key, bytes: bigger.length }] },
    });
    const stale = await get(p.url);
    expect(stale.headers.get("cache-control")).toBe(`public, max-age=${REDIRECT_MAX_AGE}`);
    expect(new Uint8Array(await stale.arrayBuffer())).toEqual(bigger);
    const fresh = await get(
      publicMediaUrl(p.mediaId, "w640.webp", renditionVersion({ key: p.key, bytes: bigger.length })),
    );
    expect(fresh.headers.get("cache-control")).toBe(IMMUTABLE_CACHE_CONTROL);
    // The ETag names the bytes answered: a browser's copy of the old ones is not current.
    expect(fresh.headers.get("etag")).toBe(stale.headers.get("etag"));
    expect(fresh.headers.get("etag")).not.toBe(before);
    expect((await get(p.url, { headers: { "if-none-match": before! } })).status).toBe(200);
  });

  it("of an unknown or malformed id, or a variant never made: 404", async () => {
    expect((await get("/api/media/mnothere/w640.webp?v=abc")).status).toBe(404);
    expect((await get("/api/media/%00/w640.webp")).status).toBe(404);
    const p = await photo(a, "unk");
    expect((await get(`/api/media/${p.mediaId}/w320.webp`)).status).toBe(404);
    expect((await get(`/api/media/${p.mediaId}/w640.exe`)).status).toBe(404);
  });
});

describe("the memory never answers for content a fan may not see", () => {
  it("unpublished, archived, deleted: 404 at once though the bytes are held; republished: served again", async () => {
    const p = await photo(a, "unpub");
    expect((await get(p.url)).status).toBe(200);
    expect(processRenditionCache().usage().entries).toBe(1);
    for (const status of ["draft", "archived"] as const) {
      await db.content.update({ where: { id: p.contentId }, data: { status } });
      const hidden = await get(p.url);
      expect(hidden.status, status).toBe(404);
      expect(await hidden.text()).not.toContain("RIFF");
    }
    await db.content.update({ where: { id: p.contentId }, data: { status: "published" } });
    expect((await get(p.url)).status).toBe(200);
    // Processing again (a replaced file), then deleted.
    await db.mediaFile.update({ where: { id: p.mediaId }, data: { state: "processing" } });
    expect((await get(p.url)).status).toBe(404);
    await db.mediaFile.delete({ where: { id: p.mediaId } });
    expect((await get(p.url)).status).toBe(404);
    expect(processRenditionCache().usage().entries).toBe(1); // held, never answered
  });

  it("a photo of an event made private or a draft: 404; other tenants' photos are theirs alone", async () => {
    const event = await createEventRow(db, b.id);
    const ofB = await photo(b, "priv", event.id);
    const ofA = await photo(a, "iso");
    expect(new Uint8Array(await (await get(ofB.url)).arrayBuffer())).toEqual(ofB.bytes);
    expect(new Uint8Array(await (await get(ofA.url)).arrayBuffer())).toEqual(ofA.bytes);
    await db.event.update({ where: { id: event.id }, data: { isPublic: false } });
    expect((await get(ofB.url)).status).toBe(404);
    await db.event.update({ where: { id: event.id }, data: { isPublic: true, status: "draft" } });
    expect((await get(ofB.url)).status).toBe(404);
    // A's photo under B's media id (or B's version on A's id) is not a way in.
    const [, query] = ofA.url.split("?");
    expect((await get(`/api/media/${ofB.mediaId}/w640.webp?${query}`)).status).toBe(404);
    expect(new Uint8Array(await (await get(ofA.url)).arrayBuffer())).toEqual(ofA.bytes);
  });

  it("lead-gated content: renditions are shown (the gate is on downloads), originals never cached or inline", async () => {
    const p = await photo(a, "gated");
    await db.content.update({ where: { id: p.contentId }, data: { requiresLead: true } });
    expect((await get(p.url)).status).toBe(200);
    const original = await get(`/api/media/${p.mediaId}/original`);
    expect(original.status).toBe(404); // a photo's original (its EXIF) is never public
  });
});

describe("the logo", () => {
  it("a logo the platform stored (the demo's PNG): its bytes under its version, immutable, no redirect", async () => {
    const logoKey = `companies/${a.id}/branding/logo.png`;
    const png = Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
      "base64",
    );
    await storage.put(logoKey, new Uint8Array(png), "image/png");
    await db.company.update({ where: { id: a.id }, data: { logoKey } });
    const url = new URL(publicCompanyLogoUrl(a.id, versionOf(logoKey)), "http://localhost");
    const call = (init: RequestInit = {}) =>
      mediaRoutes.logo(new Request(url, init), { params: Promise.resolve({ companyId: a.id }) });
    const answer = await call();
    expect(answer.status).toBe(200);
    expect(answer.headers.get("location")).toBeNull();
    expect(answer.headers.get("content-type")).toBe("image/png");
    expect(answer.headers.get("cache-control")).toBe(IMMUTABLE_CACHE_CONTROL);
    expect(Buffer.from(await answer.arrayBuffer()).equals(png)).toBe(true);
    const etag = answer.headers.get("etag")!;
    expect((await call({ headers: { "if-none-match": etag } })).status).toBe(304);
    expect(readSmall).toHaveBeenCalledTimes(1);
  });
});

describe("the front door answers the media URLs with the same handlers", () => {
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    const door = frontDoor(engagementRoutes, { media: mediaRoutes });
    server = http.createServer((req, res) => {
      if (door.serve(req, res)) return;
      res.writeHead(418);
      res.end("next");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it("with the API's headers, the image as it is (never gzipped), HEAD's length, 304", async () => {
    const p = await photo(a, "door");
    const answer = await fetch(`${base}${p.url}`, { headers: { "accept-encoding": "gzip, br" } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get(FRONT_DOOR_HEADER)).toBe("1");
    expect(answer.headers.get("content-security-policy")).toBe(apiContentSecurityPolicy);
    expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
    expect(answer.headers.get("content-encoding")).toBeNull();
    expect(answer.headers.get("cache-control")).toBe(IMMUTABLE_CACHE_CONTROL);
    expect(new Uint8Array(await answer.arrayBuffer())).toEqual(p.bytes);
    const head = await fetch(`${base}${p.url}`, { method: "HEAD" });
    expect(head.headers.get("content-length")).toBe(String(p.bytes.length));
    const again = await fetch(`${base}${p.url}`, {
      headers: { "if-none-match": answer.headers.get("etag")! },
    });
    expect(again.status).toBe(304);
    // Unpublished as the admin does it: the row, then its cache tag expired (revalidatePublic),
    // which clears the front door's replay of the image (server/media-replay.ts) at once.
    await db.content.update({ where: { id: p.contentId }, data: { status: "draft" } });
    await publish([cacheTags.content(p.contentId)]);
    expect((await fetch(`${base}${p.url}`)).status).toBe(404);
    // Not a media route of its own: Next.js's.
    expect((await fetch(`${base}/api/media/${p.mediaId}`)).status).toBe(418);
    expect((await fetch(`${base}/api/media/${p.mediaId}/w640.webp`, { method: "POST" })).status).toBe(418);
  });
});
