import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expiredGalleryChange } from "@/lib/features/content/expiry";
import { getContentForEdit } from "@/lib/features/content/queries";
import { updateContent } from "@/lib/features/content/save-content";
import type { ContentVisibilityValue } from "@/lib/features/content/schemas";
import { UNLOCK_MAX_FAILURES } from "@/lib/features/engagement/unlock-gallery";
import { cookieReader, unlockCookieName } from "@/lib/platform/site/gallery-access";
import { forgetGalleryGate } from "@/lib/platform/site/gallery-gate";
import { loadLanding } from "@/lib/surfaces/public-site/load-landing";
import { loadOgSubject } from "@/lib/surfaces/public-site/load-og-subject";
import { loadPlayerPage, loadUnlockedPlayerPage } from "@/lib/surfaces/public-site/load-player-page";
import { mediaRoutes } from "@/lib/surfaces/public-site/media-routes";
import { fanApi, fanRequest, idParams, type FanApi } from "./support/engagement";
import { mediaTestEnv, readyPhoto, type MediaTestEnv } from "./support/media";
import { createContentRow, createEventRow, createTenant, type Tenant } from "./support/tenants";

/**
 * Issue #36, password galleries and expiry: the password is stored hashed, wrong guesses are
 * limited per gallery and address, and without the unlock cookie nothing of the gallery opens —
 * not its page, not a rendition URL, not its engagement API; an expired gallery opens for nobody
 * and leaves the lists. Through the real handlers, the real store and the content form's save.
 */
let env: MediaTestEnv;
let company: Tenant;
let gallery: string;
let photoId: string;
let api: FanApi;

async function save(change: {
  visibility: ContentVisibilityValue;
  accessPassword?: string;
  expiresAt?: string | null;
}) {
  const current = await getContentForEdit(company.id, gallery);
  await updateContent(company.as("admin"), gallery, {
    title: current.title,
    kind: current.kind,
    eventIds: current.eventIds,
    ...change,
  });
  // What the organiser's save does to every instance through the public cache tags.
  forgetGalleryGate(gallery);
}

async function unlock(password: string, ip?: string) {
  const res = await api.unlock(
    fanRequest(`/api/content/${gallery}/unlock`, { ip, body: { password } }),
    idParams(gallery),
  );
  const setCookie = res.headers.get("set-cookie") ?? "";
  const cookie = setCookie.split(";")[0] ?? "";
  return { status: res.status, cookie, setCookie, body: (await res.json()) as Record<string, unknown> };
}

const rendition = (cookie?: string) =>
  mediaRoutes.media(fanRequest(`/api/media/${photoId}/w320.webp`, { cookie }), {
    params: Promise.resolve({ mediaId: photoId, variant: "w320.webp" }),
  });
const listedOnLanding = async () => (await loadLanding(company.id))!.galleries.map((c) => c.id);
const engagementState = async (cookie?: string) =>
  (await api.summary(fanRequest(`/api/content/${gallery}/engagement`, { cookie }), idParams(gallery))).status;

beforeAll(async () => {
  env = await mediaTestEnv();
  company = await createTenant(env.db, { plan: "professional" });
  const event = await createEventRow(env.db, company.id);
  gallery = (
    await createContentRow(env.db, company.id, {
      title: "Backstage for the manager",
      kind: "photo_gallery",
      status: "published",
      eventIds: [event.id],
    })
  ).id;
  api = fanApi();
  photoId = await readyPhoto(company, gallery, 1, { width: 900, height: 600 });
}, 120_000);
afterAll(() => env?.close());

describe("password galleries", () => {
  it("asks for a password, stores only its scrypt hash, and keeps it when the field is left empty", async () => {
    await expect(save({ visibility: "password" })).rejects.toMatchObject({
      fieldErrors: { accessPassword: "content.errors.passwordRequired" },
    });
    await expect(save({ visibility: "password", accessPassword: "1234567" })).rejects.toMatchObject({
      fieldErrors: { accessPassword: "content.errors.passwordTooShort" },
    });
    await save({ visibility: "password", accessPassword: "backstage-2026" });
    const row = await env.db.content.findUniqueOrThrow({ where: { id: gallery } });
    expect(row.visibility).toBe("password");
    expect(row.accessPasswordHash).toMatch(/^[0-9a-f]+:[0-9a-f]+$/);
    expect(row.accessPasswordHash).not.toContain("backstage-2026");
    await save({ visibility: "password" });
    expect((await env.db.content.findUniqueOrThrow({ where: { id: gallery } })).accessPasswordHash).toBe(
      row.accessPasswordHash,
    );
    expect(await getContentForEdit(company.id, gallery)).toMatchObject({
      visibility: "password",
      hasPassword: true,
    });
  });

  it("without the unlock cookie: the page is locked, renditions and the engagement API are not found, previews show nothing", async () => {
    const page = await loadPlayerPage(gallery, company.id);
    expect(page).toMatchObject({ state: "locked", contentId: gallery });
    expect(JSON.stringify(page)).not.toContain("Backstage for the manager");
    const image = await rendition();
    expect(image.status).toBe(404);
    expect(image.headers.get("cache-control")).toBe("private, no-store");
    expect(await engagementState()).toBe(404);
    const like = await api.like(
      fanRequest(`/api/content/${gallery}/like`, { body: { liked: true } }),
      idParams(gallery),
    );
    expect(like.status).toBe(404);
    const og = await loadOgSubject("content", gallery, "en");
    expect(og).toMatchObject({ title: company.as("admin").company.name, photoKey: null, event: null });
    // Nor the company's own share image, which shows its latest gallery's photo.
    expect((await loadOgSubject("company", company.id, "en"))?.photoKey).toBeNull();
    // Never listed.
    expect(await listedOnLanding()).not.toContain(gallery);
  });

  it("a wrong password is refused and says so; the right one sets a short-lived HttpOnly cookie that opens everything", async () => {
    const wrong = await unlock("guess");
    expect(wrong.status).toBe(422);
    expect(wrong.body).toMatchObject({ messageKey: "engagement.errors.wrongPassword" });
    expect(wrong.setCookie).toBe("");
    const right = await unlock("backstage-2026");
    expect(right.status).toBe(200);
    expect(right.setCookie).toMatch(
      new RegExp(
        `^${unlockCookieName(gallery)}=\\d{10}\\.[\\w-]{22}; Path=/; Max-Age=43200; HttpOnly; SameSite=Lax$`,
      ),
    );
    const image = await rendition(right.cookie);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/webp");
    expect(image.headers.get("cache-control")).toMatch(/^private, max-age=\d+$/);
    expect(await engagementState(right.cookie)).toBe(200);
    const token = right.cookie.split("=")[1];
    const holding = (value: string) => cookieReader(`${unlockCookieName(gallery)}=${value}`);
    expect((await loadUnlockedPlayerPage(gallery, company.slug, holding(token!)))?.state).toBe("ok");
    expect((await loadUnlockedPlayerPage(gallery, company.slug, holding(`${token}x`)))?.state).toBe("locked");
    // A cookie of this gallery opens no other (the MAC binds the gallery).
    const other = await createContentRow(env.db, company.id, { status: "published", kind: "photo_gallery" });
    await env.db.content.update({
      where: { id: other.id },
      data: {
        visibility: "password",
        accessPasswordHash: (await env.db.content.findUniqueOrThrow({ where: { id: gallery } }))
          .accessPasswordHash,
      },
    });
    const otherCookies = cookieReader(`${unlockCookieName(other.id)}=${token}`);
    expect((await loadUnlockedPlayerPage(other.id, company.slug, otherCookies))?.state).toBe("locked");
  });

  it("a new password ends every unlock given before", async () => {
    const before = await unlock("backstage-2026");
    await save({ visibility: "password", accessPassword: "second-password" });
    expect((await rendition(before.cookie)).status).toBe(404);
    expect(await engagementState(before.cookie)).toBe(404);
    const after = await unlock("second-password");
    expect((await rendition(after.cookie)).status).toBe(200);
  });

  it(`limits wrong guesses to ${UNLOCK_MAX_FAILURES} per address (then even the right one waits), without touching other addresses`, async () => {
    const ip = "198.51.100.7";
    const statuses = await Promise.all(
      Array.from({ length: UNLOCK_MAX_FAILURES + 4 }, (_, i) =>
        unlock(`wrong-${i}`, ip).then((r) => r.status),
      ),
    );
    expect(statuses.filter((s) => s === 422)).toHaveLength(UNLOCK_MAX_FAILURES);
    expect(statuses.filter((s) => s === 429)).toHaveLength(4);
    const blocked = await unlock("second-password", ip);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ messageKey: "engagement.errors.unlockRateLimited" });
    expect((await unlock("second-password", "198.51.100.8")).status).toBe(200);
  });

  it("turning the password off forgets it, and the gallery opens for everyone again", async () => {
    await save({ visibility: "public" });
    expect(
      (await env.db.content.findUniqueOrThrow({ where: { id: gallery } })).accessPasswordHash,
    ).toBeNull();
    expect((await rendition()).status).toBe(200);
    expect((await rendition()).headers.get("cache-control")).toMatch(/^public/);
    expect((await unlock("second-password")).status).toBe(404);
    // A cookie named like an unlock on a gallery without a password buys no uncached render:
    // the per-request page takes the cached page's data.
    const cached = { state: "ok" } as const;
    const named = cookieReader(`${unlockCookieName(gallery)}=1.x`);
    expect(await loadUnlockedPlayerPage(gallery, company.slug, named, async () => cached as never)).toBe(
      cached,
    );
  });
});

describe("expiry", () => {
  it("after its date the gallery is 'expired' for everyone: page, media, engagement and lists", async () => {
    const soon = new Date(Date.now() + 60_000).toISOString();
    await save({ visibility: "public", expiresAt: soon });
    expect((await loadPlayerPage(gallery, company.id))?.state).toBe("ok");
    expect((await getContentForEdit(company.id, gallery)).expiresAt).toBe(soon);
    // The job sent for that date is not due yet.
    expect(await expiredGalleryChange({ contentId: gallery, expiresAt: soon })).toBeNull();

    const past = new Date(Date.now() - 1000).toISOString();
    await save({ visibility: "public", expiresAt: past });
    const page = await loadPlayerPage(gallery, company.id);
    expect(page).toMatchObject({ state: "expired" });
    expect(JSON.stringify(page)).not.toContain("Backstage for the manager");
    expect((await rendition()).status).toBe(404);
    expect(await engagementState()).toBe(404);
    expect(await listedOnLanding()).not.toContain(gallery);
    // Its job refreshes the gallery's pages; the stale one (the earlier date) does nothing.
    expect(await expiredGalleryChange({ contentId: gallery, expiresAt: past })).toMatchObject({
      companyId: company.id,
      contentIds: [gallery],
    });
    expect(await expiredGalleryChange({ contentId: gallery, expiresAt: soon })).toBeNull();
  });

  it("the organiser extends it and it opens again", async () => {
    await save({ visibility: "public", expiresAt: new Date(Date.now() + 86_400_000).toISOString() });
    expect((await loadPlayerPage(gallery, company.id))?.state).toBe("ok");
    expect((await rendition()).status).toBe(200);
    expect(await listedOnLanding()).toContain(gallery);
    await save({ visibility: "public", expiresAt: null });
    expect((await getContentForEdit(company.id, gallery)).expiresAt).toBeNull();
  });
});

describe("unlisted galleries in share images (issue #36 review)", () => {
  it("the company's and its event's share images never show an unlisted gallery's photo; its own does", async () => {
    const other = await createTenant(env.db, { plan: "professional" });
    const event = await createEventRow(env.db, other.id);
    const hidden = (
      await createContentRow(env.db, other.id, {
        title: "For the manager only",
        kind: "photo_gallery",
        status: "published",
        eventIds: [event.id],
      })
    ).id;
    await env.db.content.update({ where: { id: hidden }, data: { visibility: "unlisted" } });
    const hiddenPhoto = await readyPhoto(other, hidden, 2, { width: 700, height: 500 });
    // Not listed anywhere a stranger browses: not the landing page's preview, not the event's.
    expect((await loadOgSubject("company", other.id, "en"))?.photoKey).toBeNull();
    expect((await loadOgSubject("event", event.id, "en"))?.photoKey).toBeNull();
    // Its own link's preview shows it (an unlisted gallery opens by its link).
    expect((await loadOgSubject("content", hidden, "en"))?.photoKey).toContain(hiddenPhoto);
  }, 60_000);
});
