import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GALLERY_PAGE_SIZE } from "@/lib/platform/site/gallery-pages";
import { forgetGalleryGate } from "@/lib/platform/site/gallery-gate";
import type { EngagementLimits } from "@/lib/platform/visitors/limits";
import { engagementHandlers } from "@/lib/surfaces/fan-api/http";
import { mediaTestEnv, type MediaTestEnv } from "./support/media";
import { createContentRow, createTenant, type Tenant } from "./support/tenants";

/**
 * Issue #36, large galleries: the photos API answers a gallery a page at a time in gallery order
 * (and by id for "My favourites"), only what fans may see (hidden photos left out), under the
 * gallery's password like everything else of it; anything but a viewable photo gallery is not
 * found. 130 photo rows, written straight to the database (their renditions are not read here).
 */
let env: MediaTestEnv;
let company: Tenant;
let gallery: string;
let ids: string[];
let api: ReturnType<typeof engagementHandlers>;

const limits: EngagementLimits = {
  windowSeconds: 60,
  perVisitor: { like: 50, comment: 50, share: 50, download: 50, view: 50, watchTime: 50 },
  anonPerIp: 500,
};
type Page = { items: { id: string; image: { webp: { url: string }[] } }[]; total: number };
async function photos(contentId: string, query: string): Promise<{ status: number; body: Page }> {
  const res = await api.photos(
    new Request(`http://app.test/api/content/${contentId}/photos?${query}`, {
      headers: { host: "app.test", cookie: "NEXT_LOCALE=en" },
    }),
    { params: Promise.resolve({ id: contentId }) },
  );
  return { status: res.status, body: (await res.json()) as Page };
}

beforeAll(async () => {
  env = await mediaTestEnv();
  company = await createTenant(env.db, { plan: "professional" });
  gallery = (await createContentRow(env.db, company.id, { kind: "photo_gallery", status: "published" })).id;
  ids = Array.from({ length: 130 }, () => randomUUID());
  await env.db.mediaFile.createMany({
    data: ids.map((id, position) => ({
      id,
      companyId: company.id,
      contentId: gallery,
      kind: "photo" as const,
      storageKey: `companies/${company.id}/media/${id}/original`,
      originalName: `IMG_${position}.jpg`,
      mimeType: "image/jpeg",
      sizeBytes: BigInt(1000),
      state: "ready" as const,
      position,
      width: 800,
      height: 600,
      variants: [
        { width: 320, format: "webp", key: `companies/${company.id}/media/${id}/w320.webp`, bytes: 100 },
      ],
    })),
  });
  api = engagementHandlers({
    limits,
    clientIp: { trustProxy: false, trustedProxies: [] },
    ipSecret: "test-secret",
    secureCookie: false,
  });
});
afterAll(() => env?.close());

describe("a large gallery's photos, a page at a time", () => {
  it("answers pages in gallery order with the total, and the photos named", async () => {
    const first = await photos(gallery, "");
    expect(first.status).toBe(200);
    expect(first.body.total).toBe(130);
    expect(first.body.items.map((i) => i.id)).toEqual(ids.slice(0, GALLERY_PAGE_SIZE));
    expect(first.body.items[0]?.image.webp[0]?.url).toContain(`/api/media/${ids[0]}/w320.webp`);
    expect((await photos(gallery, "offset=120")).body.items.map((i) => i.id)).toEqual(ids.slice(120));
    expect(
      (await photos(gallery, `ids=${ids[125]},${ids[3]},not-an-id`)).body.items.map((i) => i.id),
    ).toEqual([ids[3], ids[125]]);
  });

  it("leaves hidden photos out, and refuses junk, other kinds and a locked gallery", async () => {
    await env.db.mediaFile.updateMany({
      where: { id: { in: [ids[0]!, ids[125]!] } },
      data: { hidden: true },
    });
    const first = await photos(gallery, "offset=0");
    expect(first.body.total).toBe(128);
    expect(first.body.items[0]?.id).toBe(ids[1]);
    expect((await photos(gallery, `ids=${ids[125]}`)).body.items).toEqual([]);
    expect((await photos(gallery, "offset=-1")).status).toBe(422);
    const single = (await createContentRow(env.db, company.id, { kind: "single", status: "published" })).id;
    expect((await photos(single, "")).status).toBe(404);
    const draft = (await createContentRow(env.db, company.id, { kind: "photo_gallery", status: "draft" })).id;
    expect((await photos(draft, "")).status).toBe(404);
    await env.db.content.update({
      where: { id: gallery },
      data: { visibility: "password", accessPasswordHash: "aa:bb" },
    });
    forgetGalleryGate(gallery);
    expect((await photos(gallery, "")).status).toBe(404);
  });
});
