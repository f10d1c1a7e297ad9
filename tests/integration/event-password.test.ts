import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getEventForEdit } from "@/lib/features/events/queries";
import { updateEvent } from "@/lib/features/events/save-event";
import type { EventInput } from "@/lib/features/events/schemas";
import {
  UNLOCK_MAX_ATTEMPTS_PER_CLIENT,
  UNLOCK_MAX_FAILURES,
} from "@/lib/features/engagement/unlock-gallery";
import {
  cookieReader,
  eventUnlockCookieName,
  issueUnlockToken,
  unlockCookieName,
} from "@/lib/platform/site/gallery-access";
import { forgetGalleryGate } from "@/lib/platform/site/gallery-gate";
import { loadEventPage, loadUnlockedEventPage } from "@/lib/surfaces/public-site/load-event-page";
import { loadLanding } from "@/lib/surfaces/public-site/load-landing";
import { loadOgSubject } from "@/lib/surfaces/public-site/load-og-subject";
import { loadPlayerPage, loadUnlockedPlayerPage } from "@/lib/surfaces/public-site/load-player-page";
import { loadSitemapCounts, loadSitemapEntries } from "@/lib/surfaces/public-site/load-sitemap";
import { mediaRoutes } from "@/lib/surfaces/public-site/media-routes";
import { fanApi, fanRequest, idParams, type FanApi } from "./support/engagement";
import { mediaTestEnv, readyPhoto, type MediaTestEnv } from "./support/media";
import { createContentRow, createEventRow, createTenant, type Tenant } from "./support/tenants";

/**
 * Issue #36, password events: the event's password is stored hashed; without its unlock cookie
 * the event page is the password form, and a gallery only password events show opens for nobody
 * — not its page, not a rendition URL, not its engagement API nor its photos API, not its share
 * preview; a gallery also shown by a public event stays open. Wrong guesses are limited per
 * event and address. Through the real handlers, the real store and the event form's save.
 */
let env: MediaTestEnv;
let company: Tenant;
let event: { id: string; slug: string };
let openEvent: { id: string; slug: string };
let onlyHere: string;
let alsoPublic: string;
let photoId: string;
let api: FanApi;

const eventInput = (overrides: Partial<EventInput>): EventInput => ({
  name: "Private party",
  slug: event.slug,
  date: "2026-07-18",
  time: "20:00",
  timeZone: "Europe/Lisbon",
  status: "published",
  isPublic: true,
  ...overrides,
});
async function save(overrides: Partial<EventInput>) {
  await updateEvent(company.as("admin"), event.id, eventInput(overrides));
  // What the organiser's save does to every instance through the public cache tags.
  forgetGalleryGate(onlyHere);
  forgetGalleryGate(alsoPublic);
}

async function unlock(password: string, ip?: string) {
  const res = await api.unlockEvent(
    fanRequest(`/api/events/${event.id}/unlock`, { ip, body: { password } }),
    idParams(event.id),
  );
  const setCookie = res.headers.get("set-cookie") ?? "";
  return {
    status: res.status,
    cookie: setCookie.split(";")[0] ?? "",
    setCookie,
    body: (await res.json()) as Record<string, unknown>,
  };
}

const rendition = (cookie?: string) =>
  mediaRoutes.media(fanRequest(`/api/media/${photoId}/w320.webp`, { cookie }), {
    params: Promise.resolve({ mediaId: photoId, variant: "w320.webp" }),
  });
const summary = async (contentId: string, cookie?: string) =>
  (await api.summary(fanRequest(`/api/content/${contentId}/engagement`, { cookie }), idParams(contentId)))
    .status;
const photos = async (contentId: string, cookie?: string) =>
  (await api.photos(fanRequest(`/api/content/${contentId}/photos?offset=0`, { cookie }), idParams(contentId)))
    .status;
const eventPage = (cookie?: string) =>
  loadUnlockedEventPage(event.slug, company.slug, cookieReader(cookie ?? null), () =>
    loadEventPage(event.slug, company.id),
  );

beforeAll(async () => {
  env = await mediaTestEnv();
  company = await createTenant(env.db, { plan: "starter" });
  event = await createEventRow(env.db, company.id, "Private party");
  openEvent = await createEventRow(env.db, company.id, "Open air");
  onlyHere = (
    await createContentRow(env.db, company.id, {
      title: "Backstage",
      kind: "photo_gallery",
      status: "published",
      eventIds: [event.id],
    })
  ).id;
  alsoPublic = (
    await createContentRow(env.db, company.id, {
      title: "Main stage",
      kind: "photo_gallery",
      status: "published",
      eventIds: [event.id, openEvent.id],
    })
  ).id;
  api = fanApi();
  photoId = await readyPhoto(company, onlyHere, 2, { width: 900, height: 600 });
}, 120_000);
afterAll(() => env?.close());

describe("password events", () => {
  it("the form asks for 8 characters at least, stores only the scrypt hash, keeps it when left empty", async () => {
    await expect(save({ visibility: "password" })).rejects.toMatchObject({
      fieldErrors: { accessPassword: "events.errors.passwordRequired" },
    });
    await expect(save({ visibility: "password", accessPassword: "1234567" })).rejects.toMatchObject({
      fieldErrors: { accessPassword: "events.errors.passwordTooShort" },
    });
    // Before any password: the gallery is open to everyone.
    expect(await summary(onlyHere)).toBe(200);
    expect((await rendition()).status).toBe(200);
    await save({ visibility: "password", accessPassword: "party-2026" });
    const row = await env.db.event.findUniqueOrThrow({ where: { id: event.id } });
    expect(row.visibility).toBe("password");
    expect(row.accessPasswordHash).toMatch(/^[0-9a-f]+:[0-9a-f]+$/);
    expect(row.accessPasswordHash).not.toContain("party-2026");
    await save({ visibility: "password" });
    expect((await env.db.event.findUniqueOrThrow({ where: { id: event.id } })).accessPasswordHash).toBe(
      row.accessPasswordHash,
    );
    expect((await getEventForEdit(company.id, event.id)).values).toMatchObject({
      visibility: "password",
      hasPassword: true,
      accessPassword: "",
    });
  });

  it("without the unlock: the event page is the form, its gallery is closed everywhere, nothing is listed", async () => {
    expect(await loadEventPage(event.slug, company.id)).toMatchObject({ state: "locked", eventId: event.id });
    const player = await loadPlayerPage(onlyHere, company.id);
    expect(player).toMatchObject({ state: "locked", unlock: { kind: "event", id: event.id } });
    expect(JSON.stringify(player)).not.toContain("Backstage");
    const image = await rendition();
    expect(image.status).toBe(404);
    expect(image.headers.get("cache-control")).toBe("private, no-store");
    expect(await summary(onlyHere)).toBe(404);
    expect(await photos(onlyHere)).toBe(404);
    // A gallery cookie, even a valid one's shape, is no event unlock.
    const hash = (await env.db.event.findUniqueOrThrow({ where: { id: event.id } })).accessPasswordHash!;
    const galleryToken = issueUnlockToken(onlyHere, hash);
    expect((await rendition(`${unlockCookieName(onlyHere)}=${galleryToken}`)).status).toBe(404);
    expect((await rendition(`${eventUnlockCookieName(event.id)}=${galleryToken}`)).status).toBe(404);
    expect((await eventPage(`${eventUnlockCookieName(event.id)}=${galleryToken}`))?.state).toBe("locked");
    // The share previews show the company only.
    for (const subject of [
      await loadOgSubject("event", event.id),
      await loadOgSubject("content", onlyHere),
    ]) {
      expect(subject).toMatchObject({ title: `Company ${company.slug}`, event: null, photoKey: null });
    }
    // Never on the landing page nor in the sitemap.
    const landing = await loadLanding(company.id);
    expect(landing?.events.map((e) => e.id)).not.toContain(event.id);
    expect(landing?.galleries.map((c) => c.id)).not.toContain(onlyHere);
    const scope = { kind: "tenant", companyId: company.id } as const;
    const counts = await loadSitemapCounts(scope);
    const paths = (await loadSitemapEntries(scope, counts, 0, 1000)).map((e) => e.path).join("\n");
    expect(paths).not.toContain(`/evento/${event.slug}`);
    expect(paths).not.toContain(onlyHere);
  });

  it("a gallery also shown by a public event stays open to everyone", async () => {
    expect((await loadPlayerPage(alsoPublic, company.id))?.state).toBe("ok");
    // An event's cookie buys no uncached render of it either: the cached page's data.
    const cached = { state: "ok" } as const;
    const named = cookieReader(`${eventUnlockCookieName(event.id)}=1.x`);
    expect(await loadUnlockedPlayerPage(alsoPublic, company.slug, named, async () => cached as never)).toBe(
      cached,
    );
    expect(await summary(alsoPublic)).toBe(200);
    expect(await photos(alsoPublic)).toBe(200);
  });

  it("a locked event's slug and name are in no answer that lists or shows a gallery it shares", async () => {
    // Attacker review (issue #36): the shared gallery's card carried every viewable event's slug.
    const answers = {
      landing: await loadLanding(company.id),
      openEvent: await loadEventPage(openEvent.slug, company.id),
      player: await loadPlayerPage(alsoPublic, company.id),
      unlockedPlayer: await loadUnlockedPlayerPage(alsoPublic, company.slug, cookieReader(null)),
    };
    expect(answers.landing?.galleries.map((c) => c.id)).toContain(alsoPublic);
    expect(answers.openEvent?.state === "ok" && answers.openEvent.contents.map((c) => c.id)).toContain(
      alsoPublic,
    );
    for (const [name, answer] of Object.entries(answers)) {
      const json = JSON.stringify(answer);
      expect(json, name).toContain(openEvent.slug);
      expect(json, name).not.toContain(event.slug);
      expect(json, name).not.toContain("Private party");
    }
  });

  it("the right password sets the event's cookie, which opens the page, its gallery and the rendition", async () => {
    const wrong = await unlock("not-the-password");
    expect(wrong.status).toBe(422);
    expect(wrong.body).toMatchObject({ fieldErrors: { password: "engagement.errors.wrongPassword" } });
    expect(wrong.setCookie).toBe("");
    const right = await unlock("party-2026");
    expect(right.status).toBe(200);
    expect(right.setCookie).toMatch(
      new RegExp(
        `^${eventUnlockCookieName(event.id)}=\\d{10}\\.[\\w-]{22}; Path=/; Max-Age=43200; HttpOnly; SameSite=Lax$`,
      ),
    );
    const page = await eventPage(right.cookie);
    expect(page?.state).toBe("ok");
    if (page?.state === "ok") expect(page.contents.map((c) => c.id)).toContain(onlyHere);
    const image = await rendition(right.cookie);
    expect(image.status).toBe(200);
    expect(image.headers.get("cache-control")).toMatch(/^private, max-age=\d+$/);
    expect(await summary(onlyHere, right.cookie)).toBe(200);
    expect(await photos(onlyHere, right.cookie)).toBe(200);
    const player = await loadUnlockedPlayerPage(onlyHere, company.slug, cookieReader(right.cookie));
    expect(player?.state).toBe("ok");
    // A gallery with a password of its own asks for it too, after the event's.
    await env.db.content.update({
      where: { id: onlyHere },
      data: { visibility: "password", accessPasswordHash: "aa:bb" },
    });
    expect(await loadUnlockedPlayerPage(onlyHere, company.slug, cookieReader(right.cookie))).toMatchObject({
      state: "locked",
      unlock: { kind: "gallery", id: onlyHere },
    });
    await env.db.content.update({
      where: { id: onlyHere },
      data: { visibility: "public", accessPasswordHash: null },
    });
  });

  it("a new password ends every unlock given before", async () => {
    const before = await unlock("party-2026");
    await save({ visibility: "password", accessPassword: "second-party" });
    expect((await rendition(before.cookie)).status).toBe(404);
    expect((await eventPage(before.cookie))?.state).toBe("locked");
    const after = await unlock("second-party");
    expect((await rendition(after.cookie)).status).toBe(200);
  });

  it(`limits wrong guesses to ${UNLOCK_MAX_FAILURES} per address (then even the right one waits), apart from other addresses`, async () => {
    const ip = "198.51.100.27";
    const statuses = await Promise.all(
      Array.from({ length: UNLOCK_MAX_FAILURES + 4 }, (_, i) =>
        unlock(`wrong-${i}-guess`, ip).then((r) => r.status),
      ),
    );
    expect(statuses.filter((s) => s === 422)).toHaveLength(UNLOCK_MAX_FAILURES);
    expect(statuses.filter((s) => s === 429)).toHaveLength(4);
    const blocked = await unlock("second-party", ip);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ messageKey: "engagement.errors.unlockRateLimited" });
    expect((await unlock("second-party", "198.51.100.28")).status).toBe(200);
  });

  it(`limits an address's unlocks, right or wrong, to ${UNLOCK_MAX_ATTEMPTS_PER_CLIENT} a window (each costs a scrypt)`, async () => {
    const ip = "198.51.100.31";
    for (let i = 0; i < UNLOCK_MAX_ATTEMPTS_PER_CLIENT; i++)
      expect((await unlock("second-party", ip)).status).toBe(200);
    const refused = await unlock("second-party", ip);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ messageKey: "engagement.errors.unlockRateLimited" });
    expect((await unlock("second-party", "198.51.100.32")).status).toBe(200);
  });

  it("answers 'not found' for an event without a password, whatever is sent", async () => {
    await save({ visibility: "public" });
    expect((await env.db.event.findUniqueOrThrow({ where: { id: event.id } })).accessPasswordHash).toBeNull();
    expect((await unlock("second-party", "198.51.100.29")).status).toBe(404);
    expect((await rendition()).status).toBe(200);
    // A cookie named like an event unlock buys no uncached render: the cached page's data.
    const cached = { state: "ok" } as const;
    expect(
      await loadUnlockedEventPage(
        event.slug,
        company.slug,
        cookieReader(`${eventUnlockCookieName(event.id)}=1.x`),
        async () => cached as never,
      ),
    ).toBe(cached);
  });
});
