import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getMediaPage, mostFavourited } from "@/lib/features/content/media-page";
import { randomUUID } from "node:crypto";
import { forgetGalleryGate } from "@/lib/platform/site/gallery-gate";
import { readZip } from "../support/zip-reader";
import { fanApi, fanRequest, idParams, type FanApi } from "./support/engagement";
import { mediaTestEnv, readyPhoto, type MediaTestEnv } from "./support/media";
import { createContentRow, createEventRow, createTenant, type Tenant } from "./support/tenants";

/**
 * Issue #36, favourites: a fan hearts photos of a gallery (per visitor, no account), sees them
 * back, un-hearts one; only ready photos of that gallery can be hearted; the organiser's edit
 * screen counts hearts per photo, for its own company only. Through the real handlers.
 */
let env: MediaTestEnv;
let company: Tenant;
let gallery: string;
let otherGallery: string;
let photos: string[];
let api: FanApi;

/** Visitor ids are the server's UUIDs (a signed cookie of anything else is a new visitor). */
const fan = { a: randomUUID(), b: randomUUID(), c: randomUUID() };

/** A fan's request to a gallery's favourites: a GET, or a POST of `body`. */
const favouritesRequest = (contentId: string, visitor: string, body?: unknown) =>
  fanRequest(`/api/content/${contentId}/favourites`, { visitor, body });
const heart = async (visitor: string, mediaId: string, favourite = true, contentId = gallery) => {
  const res = await api.favourite(
    favouritesRequest(contentId, visitor, { mediaId, favourite }),
    idParams(contentId),
  );
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};
const mine = async (visitor: string) =>
  (
    (await (await api.favourites(favouritesRequest(gallery, visitor), idParams(gallery))).json()) as {
      mediaIds: string[];
    }
  ).mediaIds;

beforeAll(async () => {
  env = await mediaTestEnv();
  company = await createTenant(env.db, { plan: "professional" });
  const event = await createEventRow(env.db, company.id);
  const make = async (title: string) =>
    (
      await createContentRow(env.db, company.id, {
        title,
        kind: "photo_gallery",
        status: "published",
        eventIds: [event.id],
      })
    ).id;
  gallery = await make("Night one");
  otherGallery = await make("Night two");
  api = fanApi();
  const photo = (seed: number) => readyPhoto(company, gallery, seed, { width: 400, height: 300 });
  photos = [await photo(10), await photo(20), await photo(30)];
}, 120_000);
afterAll(() => env?.close());

describe("favourites", () => {
  it("a fan hearts photos, sees them back in order, un-hearts one; a retry changes nothing", async () => {
    expect(await mine(fan.a)).toEqual([]);
    expect(await heart(fan.a, photos[2]!)).toEqual({
      status: 200,
      body: { mediaId: photos[2], favourite: true },
    });
    expect((await heart(fan.a, photos[0]!)).status).toBe(200);
    expect((await heart(fan.a, photos[0]!)).status).toBe(200);
    expect(await mine(fan.a)).toEqual([photos[2], photos[0]]);
    expect(await heart(fan.a, photos[2]!, false)).toEqual({
      status: 200,
      body: { mediaId: photos[2], favourite: false },
    });
    expect(await mine(fan.a)).toEqual([photos[0]]);
    // Another visitor's hearts are their own.
    expect(await mine(fan.b)).toEqual([]);
  });

  it("refuses a photo of another gallery, an unknown id and a malformed body", async () => {
    expect((await heart(fan.a, photos[1]!, true, otherGallery)).status).toBe(404);
    expect((await heart(fan.a, "no-such-media")).status).toBe(404);
    const bad = await api.favourite(
      favouritesRequest(gallery, fan.a, { mediaId: photos[1], favourite: "yes" }),
      idParams(gallery),
    );
    expect(bad.status).toBe(422);
    expect(await env.db.favourite.count({ where: { contentId: otherGallery } })).toBe(0);
  });

  it("a password gallery's hearts need its unlock, like everything else of it", async () => {
    await env.db.content.update({
      where: { id: otherGallery },
      data: { visibility: "password", accessPasswordHash: "aa:bb" },
    });
    // What the organiser's save does on every instance (the public cache tags' expiry).
    forgetGalleryGate(otherGallery);
    const locked = await api.favourites(favouritesRequest(otherGallery, fan.a), idParams(otherGallery));
    expect(locked.status).toBe(404);
  });

  it("the organiser's edit screen counts hearts per photo", async () => {
    await heart(fan.b, photos[0]!);
    await heart(fan.c, photos[0]!);
    await heart(fan.c, photos[1]!);
    const { items } = await getMediaPage(company.id, gallery, { sort: "position", page: 1 });
    expect(Object.fromEntries(items.map((m) => [m.id, m.favourites]))).toEqual({
      [photos[0]!]: 3,
      [photos[1]!]: 1,
      [photos[2]!]: 0,
    });
    // The panel's top photos: the most hearted first, only hearted ones.
    expect((await mostFavourited(company.id, gallery, 8)).map((m) => [m.id, m.favourites])).toEqual([
      [photos[0], 3],
      [photos[1], 1],
    ]);
    // Another company cannot read this gallery's (the guard's company scopes the read).
    const other = await createTenant(env.db);
    await expect(getMediaPage(other.id, gallery, { sort: "position", page: 1 })).rejects.toMatchObject({
      code: "not_found",
    });
    expect(await mostFavourited(other.id, gallery, 8)).toEqual([]);
  });

  it("Download my favourites: a ZIP of exactly the visitor's hearted photos, its ticket good for that scope only", async () => {
    const visitor = fan.c; // hearted photos 0 and 1 above
    const request = (url: string, body?: unknown) => fanRequest(url, { visitor, body });
    const granted = await api.prepareDownloadAll(
      request(`/api/content/${gallery}/download-all`, { favourites: true }),
      idParams(gallery),
    );
    expect(granted.status).toBe(200);
    const { url, fileName } = (await granted.json()) as { url: string; fileName: string };
    expect(url).toContain("&scope=favourites");
    expect(fileName).toBe("Night one (favourites).zip");
    const zip = await api.downloadAll(request(url), idParams(gallery));
    expect(zip.status).toBe(200);
    const names = readZip(Buffer.from(await zip.arrayBuffer()))
      .map((e) => e.name)
      .sort();
    expect(names).toEqual(["IMG_10.jpg", "IMG_20.jpg"]);
    // A Portuguese fan's ZIP is named in Portuguese, in the POST's answer and the GET's header.
    const pt = (url: string, body?: unknown) => fanRequest(url, { visitor, body, locale: "pt" });
    const grantedPt = await api.prepareDownloadAll(
      pt(`/api/content/${gallery}/download-all`, { favourites: true }),
      idParams(gallery),
    );
    const inPortuguese = (await grantedPt.json()) as { url: string; fileName: string };
    expect(inPortuguese.fileName).toBe("Night one (favoritos).zip");
    const zipPt = await api.downloadAll(pt(inPortuguese.url), idParams(gallery));
    expect(zipPt.headers.get("content-disposition")).toContain("Night%20one%20(favoritos).zip");
    await zipPt.arrayBuffer();
    // The ticket is signed for its scope: without it (the whole gallery) it is refused.
    const widened = await api.downloadAll(request(url.replace("&scope=favourites", "")), idParams(gallery));
    expect(widened.status).toBe(403);
    // A visitor with no hearts is told so.
    const none = await api.prepareDownloadAll(
      fanRequest(`/api/content/${gallery}/download-all`, {
        visitor: randomUUID(),
        body: { favourites: true },
      }),
      idParams(gallery),
    );
    expect(none.status).toBe(422);
    expect(await none.json()).toMatchObject({ messageKey: "engagement.errors.noFavourites" });
  });
});
