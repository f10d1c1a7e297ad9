import { beforeAll, describe, expect, it } from "vitest";
import { db as prisma } from "@/lib/core/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { loadEventPage } from "@/lib/surfaces/public-site/load-event-page";
import { loadLanding } from "@/lib/surfaces/public-site/load-landing";
import { loadOgSubject } from "@/lib/surfaces/public-site/load-og-subject";
import { loadPlayerPage } from "@/lib/surfaces/public-site/load-player-page";
import { loadSitemapCounts, loadSitemapEntries } from "@/lib/surfaces/public-site/load-sitemap";
import { renditionVersion, versionOf } from "@/lib/platform/media/urls";
import {
  lookupBanner,
  lookupLogo,
  lookupMedia,
  MAX_INLINE_IMAGE_BYTES,
  mediaResponse,
  REDIRECT_MAX_AGE,
  signedObjectUrl,
  WINDOW_SECONDS,
} from "@/lib/surfaces/public-site/media-access";
import {
  resolveBanner,
  resolveLogoKey,
  resolveMediaObject,
} from "@/lib/surfaces/public-site/resolve-media-object";
import { storage } from "@/lib/core/storage";
import { processRenditionCache } from "@/lib/surfaces/public-site/rendition-cache";
import { sourceHash } from "@/lib/features/translation/fields";

/**
 * Visibility rules of the public pages (spec §4) on a small hand-made tenant:
 * one public event, one draft and one private event; contents in every status, linked to
 * visible, hidden and no events; media ready and still processing.
 */
const C = "co-public";
let positions = 0;

const variants = (id: string) =>
  [320, 640].flatMap((width) =>
    (["webp", "avif"] as const).map((format) => ({
      width,
      format,
      key: `companies/${C}/media/${id}/w${width}.${format}`,
      bytes: 100,
    })),
  );

/** A banner's media row (an upload with target `event-banner`: no content), renditions under `folder`. */
const createBannerMedia = (
  storageKey: string,
  folder: string,
  more: Partial<Prisma.MediaFileUncheckedCreateInput> = {},
) =>
  prisma.mediaFile.create({
    data: {
      companyId: C,
      kind: "photo",
      storageKey,
      originalName: "banner.jpg",
      mimeType: "image/jpeg",
      sizeBytes: 1000n,
      state: "ready",
      variants: variants(folder),
      ...more,
    },
  });

beforeAll(async () => {
  await prisma.company.create({
    data: {
      id: C,
      slug: "tenant",
      name: "Tenant",
      logoKey: `companies/${C}/branding/logo.png`,
      description: "Descrição",
      landingPageName: "Página",
      whatsappUrl: "javascript:alert(1)",
      website: "https://tenant.example",
      landingPageDisplayMode: "events",
    },
  });
  // The texts' versions are rows of their own (issue #15), each of the current source.
  const version = (field: string, source: string, locale: string, text: string) =>
    prisma.textTranslation.create({
      data: {
        companyId: C,
        entity: "company",
        entityId: C,
        field,
        locale,
        text,
        origin: "manual",
        state: "ready",
        sourceHash: sourceHash(source, "pt"),
      },
    });
  await version("description", "Descrição", "en", "Description");
  await version("description", "Descrição", "de", "ignored");
  await version("landingPageName", "Página", "en", "Page");
  // A version of a text that has no source is never shown.
  await version("landingPageDescription", "", "en", "Intro");
  await prisma.company.create({ data: { id: "co-else", slug: "else", name: "Else" } });
  const event = (id: string, status: "draft" | "published", isPublic: boolean, bannerKey?: string) =>
    prisma.event.create({
      data: {
        id,
        slug: id,
        companyId: C,
        name: id,
        startsAt: new Date("2026-07-18T19:00:00Z"),
        status,
        isPublic,
        bannerKey,
        priceMinor: 0,
      },
    });
  await event("ev-public", "published", true, `companies/${C}/events/ev-public/banner.jpg`);
  await event("ev-draft", "draft", true);
  await event("ev-private", "published", false);

  const content = async (
    id: string,
    data: {
      status: "draft" | "published" | "archived";
      kind?: "single" | "photo_gallery";
      requiresLead?: boolean;
    },
    events: string[],
    media: { suffix: string; kind: "photo" | "audio" | "document"; state?: "ready" | "processing" }[],
    cover?: string,
  ) => {
    await prisma.content.create({
      data: {
        id,
        companyId: C,
        title: id,
        kind: data.kind ?? "single",
        status: data.status,
        requiresLead: data.requiresLead ?? false,
        coverMediaId: cover ? `${id}-${cover}` : null,
        publishedAt: new Date("2026-07-20T10:00:00Z"),
      },
    });
    for (const eventId of events) {
      // Positions follow creation order within each event, as the organiser arranged them.
      await prisma.contentEvent.create({ data: { contentId: id, eventId, position: positions++ } });
    }
    for (const [position, m] of media.entries()) {
      const mediaId = `${id}-${m.suffix}`;
      await prisma.mediaFile.create({
        data: {
          id: mediaId,
          companyId: C,
          contentId: id,
          kind: m.kind,
          storageKey: `companies/${C}/media/${mediaId}/original`,
          originalName: `${m.suffix}.bin`,
          mimeType: m.kind === "photo" ? "image/jpeg" : m.kind === "audio" ? "audio/wav" : "application/pdf",
          sizeBytes: 1000n,
          state: m.state ?? "ready",
          position,
          width: m.kind === "photo" ? 1280 : null,
          height: m.kind === "photo" ? 853 : null,
          variants: m.kind === "photo" ? variants(mediaId) : undefined,
          blurDataUrl: m.kind === "photo" ? "data:image/webp;base64,AAAA" : null,
          waveform: m.kind === "audio" ? [0.1, 1, 0.5] : undefined,
        },
      });
    }
  };
  await content(
    "gallery",
    { status: "published", kind: "photo_gallery" },
    ["ev-public"],
    [
      { suffix: "1", kind: "photo" },
      { suffix: "2", kind: "photo" },
      { suffix: "3", kind: "photo", state: "processing" },
    ],
  );
  await content(
    "track",
    { status: "published" },
    ["ev-public"],
    [
      { suffix: "audio", kind: "audio" },
      { suffix: "cover", kind: "photo" },
    ],
    "cover",
  );
  await content(
    "gated-pdf",
    { status: "published", requiresLead: true },
    ["ev-public"],
    [
      { suffix: "pdf", kind: "document" },
      { suffix: "poster", kind: "photo" },
    ],
    "poster",
  );
  await content("resource", { status: "published" }, [], [{ suffix: "1", kind: "photo" }]);
  await content("draft", { status: "draft" }, ["ev-public"], [{ suffix: "1", kind: "photo" }]);
  await content("archived", { status: "archived" }, [], [{ suffix: "1", kind: "photo" }]);
  await content("of-draft-event", { status: "published" }, ["ev-draft"], [{ suffix: "1", kind: "photo" }]);
  await content(
    "of-private-event",
    { status: "published" },
    ["ev-private"],
    [{ suffix: "1", kind: "photo" }],
  );
  await content(
    "of-both",
    { status: "published" },
    ["ev-private", "ev-public"],
    [{ suffix: "1", kind: "photo" }],
  );
});

describe("landing page", () => {
  it("lists only published, public events and viewable contents", async () => {
    const data = await loadLanding(C);
    expect(data?.events.map((e) => e.slug)).toEqual(["ev-public"]);
    expect(data?.galleries.map((c) => c.id).sort()).toEqual(["gallery", "gated-pdf", "of-both", "track"]);
    expect(data?.resources.map((c) => c.id)).toEqual(["resource"]);
    expect(data?.events[0]?.kinds.sort()).toEqual(["audio", "photo"]);
  });

  it("maps the company to a public shape: translations, safe links, no storage keys", async () => {
    const { company } = (await loadLanding(C))!;
    expect(company.description).toEqual({
      byLocale: { pt: "Descrição", en: "Description" },
      sourceLocale: "pt",
      automatic: [],
    });
    expect(company.landingName.byLocale).toEqual({ pt: "Página", en: "Page" });
    expect(company.landingDescription.byLocale).toEqual({});
    expect(company.contacts.whatsapp).toBeNull();
    expect(company.contacts.website).toBe("https://tenant.example/");
    expect(company.logoUrl).toMatch(/^\/api\/media\/logo\/co-public\?v=/);
    expect(JSON.stringify(company)).not.toContain("companies/");
  });
});

describe("event page", () => {
  it("is not found unless published and public (like an unknown slug), and scoped to its company", async () => {
    expect(await loadEventPage("ev-draft", C)).toBeNull();
    expect(await loadEventPage("ev-private", C)).toBeNull();
    expect(await loadEventPage("ev-public", "co-else")).toBeNull();
    expect(await loadEventPage("missing", C)).toBeNull();
  });

  it("shows its viewable contents with ready media only, in the organiser's order", async () => {
    const data = await loadEventPage("ev-public", C);
    if (data?.state !== "ok") throw new Error("expected a viewable event");
    expect(data.contents.map((c) => c.id)).toEqual(["gallery", "track", "gated-pdf", "of-both"]);
    const gallery = data.contents[0]!;
    expect(gallery.media.map((m) => m.id)).toEqual(["gallery-1", "gallery-2"]);
    expect(gallery.media[0]?.image?.avif.map((s) => s.width)).toEqual([320, 640]);
    // A photo's original (with its EXIF) is never offered: its largest rendition stands in.
    expect(gallery.media[0]?.originalUrl).toBeNull();
    // Versioned: the URL names the rendition's bytes (issue #35).
    const w640 = `companies/${C}/media/gallery-1/w640.webp`;
    expect(gallery.media[0]?.image?.fallbackUrl).toBe(
      `/api/media/gallery-1/w640.webp?v=${renditionVersion({ key: w640, bytes: 100 })}`,
    );
    // A single's artwork is its cover, not one of its files.
    const track = data.contents[1]!;
    expect(track.primaryKind).toBe("audio");
    expect(track.media.map((m) => m.id)).toEqual(["track-audio"]);
    expect(track.cover?.webp.at(-1)?.url).toMatch(/^\/api\/media\/track-cover\/w640\.webp\?v=\w+$/);
    // Lead-gated: no original, the image falls back to its largest rendition.
    const gated = data.contents[2]!;
    expect(gated.media.map((m) => m.originalUrl)).toEqual([null]);
    expect(gated.cover?.fallbackUrl).toMatch(/^\/api\/media\/gated-pdf-poster\/w640\.webp\?v=\w+$/);
    expect(data.event.bannerUrl).toMatch(/^\/api\/media\/banner\/ev-public\?v=/);
  });
});

describe("player page", () => {
  it("is not found for drafts, archived content and content of hidden events (like an unknown id)", async () => {
    for (const id of ["draft", "archived", "of-draft-event", "of-private-event"]) {
      expect(await loadPlayerPage(id)).toBeNull();
    }
    expect((await loadPlayerPage("of-both"))?.state).toBe("ok");
    expect((await loadPlayerPage("resource"))?.state).toBe("ok");
    expect(await loadPlayerPage("gallery", "co-else")).toBeNull();
  });

  it("links the content's viewable events", async () => {
    const data = await loadPlayerPage("of-both");
    if (data?.state !== "ok") throw new Error("expected viewable content");
    expect(data.events.map((e) => e.slug)).toEqual(["ev-public"]);
  });
});

describe("media access", () => {
  it("serves renditions of viewable content, never originals of gated content", async () => {
    expect(await resolveMediaObject("gallery-1", "w640.webp")).toEqual({
      state: "ok",
      key: `companies/${C}/media/gallery-1/w640.webp`,
      contentType: "image/webp",
      version: renditionVersion({ key: `companies/${C}/media/gallery-1/w640.webp`, bytes: 100 }),
    });
    expect((await resolveMediaObject("gallery-1", "original")).state).toBe("missing"); // a photo's EXIF
    expect((await resolveMediaObject("track-audio", "original")).state).toBe("ok");
    expect((await resolveMediaObject("gated-pdf-pdf", "original")).state).toBe("gated");
    expect((await resolveMediaObject("gated-pdf-poster", "w320.avif")).state).toBe("ok");
    expect((await resolveMediaObject("gallery-1", "w9999.webp")).state).toBe("missing");
    expect((await resolveMediaObject("draft-1", "w320.webp")).state).toBe("missing");
    expect((await resolveMediaObject("of-private-event-1", "original")).state).toBe("missing");
  });

  it("serves nothing of an upload that is unfinished, unverified or failed verification", async () => {
    // gallery-3 has renditions on its row but is still being processed.
    expect((await resolveMediaObject("gallery-3", "w640.webp")).state).toBe("missing");
    try {
      for (const state of ["uploading", "processing", "failed"] as const) {
        await prisma.mediaFile.update({ where: { id: "gallery-3" }, data: { state } });
        expect((await resolveMediaObject("gallery-3", "original")).state).toBe("missing");
        expect((await lookupMedia("gallery-3", "w640.webp")).status).toBe(404);
      }
    } finally {
      // The shared fixture as the other tests expect it, even when an assertion above failed.
      await prisma.mediaFile.update({ where: { id: "gallery-3" }, data: { state: "processing" } });
    }
  });

  it("signs the verified content type into the redirect and forbids sniffing", async () => {
    const answer = await mediaResponse(await lookupMedia("track-audio", "original"));
    expect(answer.status).toBe(302);
    expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
    const location = new URL(answer.headers.get("location")!);
    expect(location.searchParams.get("response-content-type")).toBe("audio/wav");
    const missing = await mediaResponse(await lookupMedia("gallery-3", "w640.webp"));
    expect(missing.status).toBe(404);
    expect(missing.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("answers a still image the worker made with its bytes, from the app's origin, and 304 when unchanged", async () => {
    const key = `companies/${C}/media/gallery-1/w640.webp`;
    const bytes = new Uint8Array([0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 5, 6, 7, 8]);
    await storage.put(key, bytes, "application/octet-stream"); // the verified type is answered, not the stored one
    const version = renditionVersion({ key, bytes: 100 });
    try {
      expect(await lookupMedia("gallery-1", "w640.webp")).toMatchObject({ status: 200, key, inline: true });
      const answer = await mediaResponse(await lookupMedia("gallery-1", "w640.webp"));
      expect(answer.status).toBe(200);
      expect(answer.headers.get("location")).toBeNull();
      expect(answer.headers.get("content-type")).toBe("image/webp");
      expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
      expect(answer.headers.get("cache-control")).toBe(`public, max-age=${REDIRECT_MAX_AGE}`);
      expect(answer.headers.get("content-length")).toBe(String(bytes.length));
      expect(new Uint8Array(await answer.arrayBuffer())).toEqual(bytes);

      const etag = answer.headers.get("etag")!;
      expect(etag).toBeTruthy();
      const conditional = (tag: string) =>
        mediaResponse(
          { status: 200, key, version, contentType: "image/webp", inline: true },
          new Request("http://localhost/", { headers: { "if-none-match": tag } }),
        );
      const unchanged = await conditional(`"other", W/${etag}`);
      expect(unchanged.status).toBe(304);
      expect(unchanged.headers.get("etag")).toBe(etag);
      expect(await unchanged.text()).toBe("");
      expect((await conditional('"other"')).status).toBe(200);
      const head = await mediaResponse(
        { status: 200, key, version, contentType: "image/webp", inline: true },
        new Request("http://localhost/", { method: "HEAD" }),
      );
      expect(head.status).toBe(200);
      expect(head.headers.get("content-length")).toBe(String(bytes.length));
      expect(head.body).toBeNull();

      // Unpublished: 404 at once, as for a redirect.
      await prisma.content.update({ where: { id: "gallery" }, data: { status: "draft" } });
      try {
        expect((await mediaResponse(await lookupMedia("gallery-1", "w640.webp"))).status).toBe(404);
      } finally {
        await prisma.content.update({ where: { id: "gallery" }, data: { status: "published" } });
      }
      // Read once: later answers come from the server's memory (issue #35), even once the object
      // is gone from the store; the row, checked on every request, still decides.
      await storage.delete(key);
      expect((await mediaResponse(await lookupMedia("gallery-1", "w640.webp"))).status).toBe(200);
    } finally {
      await storage.delete(key);
    }
    // Read whole, never more than the cap: a larger object is a redirect like the rest.
    const large = `companies/${C}/media/gallery-2/w640.webp`;
    await storage.put(large, new Uint8Array(MAX_INLINE_IMAGE_BYTES + 1), "image/webp");
    try {
      expect(await storage.readSmall(large, 10)).toBe("too-large");
      const redirected = await mediaResponse({
        status: 200,
        key: large,
        version: "large",
        contentType: "image/webp",
        inline: true,
      });
      expect(redirected.status).toBe(302);
      expect(new URL(redirected.headers.get("location")!).pathname).toContain("gallery-2/w640.webp");
    } finally {
      await storage.delete(large);
    }
    // Only the worker's image types are answered inline, whatever a lookup says.
    expect(
      (await mediaResponse({ status: 200, key, version, contentType: "image/svg+xml", inline: true })).status,
    ).toBe(302);
    // A rendition listed but not in the store: 404, not an error.
    expect((await mediaResponse(await lookupMedia("gallery-1", "w320.webp"))).status).toBe(404);
    // Originals stay redirects (large, and the organiser's own file); so do playback streams.
    const original = await lookupMedia("track-audio", "original");
    expect(original).toMatchObject({ status: 200, inline: false });
    expect((await mediaResponse(original)).status).toBe(302);
  });

  it("keeps public links short-lived: a redirect never outlives its signature, unpublishing ends it at once", async () => {
    for (const offset of [0, 1, WINDOW_SECONDS * 500 - 1, WINDOW_SECONDS * 1000 - 1]) {
      const now = Date.UTC(2026, 10, 24, 3) + offset;
      const url = new URL(await signedObjectUrl("companies/x/media/y/w640.webp", "image/webp", now));
      const signedAt = url.searchParams.get("X-Amz-Date")!;
      const start = Date.parse(
        signedAt.replace(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/, "$1-$2-$3T$4:$5:$6Z"),
      );
      const expires = Number(url.searchParams.get("X-Amz-Expires"));
      expect(expires).toBeLessThanOrEqual(600);
      const leftSeconds = (start + expires * 1000 - now) / 1000;
      expect(leftSeconds).toBeGreaterThanOrEqual(REDIRECT_MAX_AGE);
      const bytesMaxAge = Number(/max-age=(\d+)/.exec(url.searchParams.get("response-cache-control")!)![1]);
      expect(bytesMaxAge).toBeLessThanOrEqual(leftSeconds);
      expect(url.searchParams.get("response-cache-control")).toContain("private");
    }
    const answer = await mediaResponse(await lookupMedia("track-audio", "original"));
    expect(answer.status).toBe(302);
    expect(answer.headers.get("cache-control")).toBe(`public, max-age=${REDIRECT_MAX_AGE}`);

    await prisma.content.update({ where: { id: "gallery" }, data: { status: "draft" } });
    try {
      expect((await lookupMedia("gallery-1", "w640.webp")).status).toBe(404);
    } finally {
      await prisma.content.update({ where: { id: "gallery" }, data: { status: "published" } });
    }
    expect((await lookupMedia("gallery-1", "w640.webp")).status).toBe(200);
  });

  it("always shows logos; banners only of viewable events", async () => {
    expect(await resolveLogoKey(C)).toBe(`companies/${C}/branding/logo.png`);
    // Stored by the platform with no media row (no verified type): its bytes when they are an
    // image's, typed by their first bytes (issue #35: no redirect in every page's header), else a
    // redirect, never inline bytes of another kind; not in the store, 404.
    const logoKey = `companies/${C}/branding/logo.png`;
    expect((await mediaResponse(await lookupLogo(C))).status).toBe(404);
    const png = Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
      "base64",
    );
    await storage.put(logoKey, new Uint8Array(png), "text/html");
    const logo = await mediaResponse(await lookupLogo(C));
    expect(logo.status).toBe(200);
    expect(logo.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await logo.arrayBuffer()).equals(png)).toBe(true);
    processRenditionCache().clear();
    await storage.put(logoKey, new TextEncoder().encode("<svg onload=alert(1)>"), "image/png");
    const html = await mediaResponse(await lookupLogo(C));
    expect(html.status).toBe(302);
    expect(html.headers.get("location")).toContain(logoKey);
    await storage.delete(logoKey);
    processRenditionCache().clear();
    // The banner's media row (target `event-banner`: no content): its renditions, never the original.
    const bannerKey = `companies/${C}/events/ev-public/banner.jpg`;
    const banner = await createBannerMedia(bannerKey, "banner", { state: "processing" });
    expect(await resolveBanner("ev-public")).toBeNull(); // not verified yet
    await prisma.mediaFile.update({ where: { id: banner.id }, data: { state: "ready" } });
    expect(await resolveBanner("ev-public")).toEqual({
      key: `companies/${C}/media/banner/w640.webp`,
      contentType: "image/webp",
      version: versionOf(bannerKey),
    });
    // Answered with the rendition's bytes, never the uploaded file's.
    const rendition = new Uint8Array([1, 2, 3]);
    await storage.put(`companies/${C}/media/banner/w640.webp`, rendition, "image/webp");
    await storage.put(bannerKey, new Uint8Array([9, 9, 9, 9]), "image/jpeg");
    try {
      const answer = await mediaResponse(await lookupBanner("ev-public"));
      expect(answer.status).toBe(200);
      expect(answer.headers.get("content-type")).toBe("image/webp");
      expect(new Uint8Array(await answer.arrayBuffer())).toEqual(rendition);
    } finally {
      await storage.delete(`companies/${C}/media/banner/w640.webp`);
      await storage.delete(bannerKey);
    }
    expect(await resolveBanner("ev-draft")).toBeNull();
    await prisma.mediaFile.delete({ where: { id: banner.id } });
  });

  it("gives a banner a srcset of its renditions, each served by the banner route while the event is viewable", async () => {
    const bannerKey = `companies/${C}/events/ev-public/banner-2.jpg`;
    const banner = await createBannerMedia(bannerKey, "banner-2", {
      width: 1600,
      height: 900,
      blurDataUrl: "data:image/webp;base64,AAAA",
    });
    await prisma.event.update({ where: { id: "ev-public" }, data: { bannerKey } });
    try {
      const { event } = (await loadEventPage("ev-public", C)) as Extract<
        Awaited<ReturnType<typeof loadEventPage>>,
        { state: "ok" }
      >;
      const url = (rendition: string) => `/api/media/banner/ev-public/${rendition}?v=${versionOf(bannerKey)}`;
      expect(event.cover).toEqual({
        width: 1600,
        height: 900,
        blurDataUrl: "data:image/webp;base64,AAAA",
        avif: [320, 640].map((width) => ({ width, url: url(`w${width}.avif`) })),
        webp: [320, 640].map((width) => ({ width, url: url(`w${width}.webp`) })),
        fallbackUrl: `/api/media/banner/ev-public?v=${versionOf(bannerKey)}`,
      });
      // The landing's event card offers the same renditions (a card takes a small one).
      const landing = await loadLanding(C);
      expect(landing?.events.find((e) => e.id === "ev-public")?.cover).toEqual(event.cover);
      // Another company's media under the same key is never a banner's source.
      await prisma.mediaFile.update({ where: { id: banner.id }, data: { companyId: "co-else" } });
      const elsewhere = await loadEventPage("ev-public", C);
      expect(elsewhere?.state === "ok" && elsewhere.event.cover?.webp).toEqual([]);
      expect((await lookupBanner("ev-public", "w320.avif")).status).toBe(404);
      await prisma.mediaFile.update({ where: { id: banner.id }, data: { companyId: C } });

      // Each listed rendition, with its own type; nothing that is not one of them.
      expect(await lookupBanner("ev-public", "w320.avif")).toEqual({
        status: 200,
        key: `companies/${C}/media/banner-2/w320.avif`,
        version: versionOf(bannerKey),
        contentType: "image/avif",
        inline: true,
      });
      for (const other of ["w641.webp", "w320.jpeg", "original", "poster", "../w320.avif", "w320.avif/x"]) {
        expect((await lookupBanner("ev-public", other)).status, other).toBe(404);
      }
      // Not while the event is a draft, nor while it is private.
      await prisma.event.update({ where: { id: "ev-public" }, data: { status: "draft" } });
      expect((await lookupBanner("ev-public", "w320.avif")).status).toBe(404);
      await prisma.event.update({
        where: { id: "ev-public" },
        data: { status: "published", isPublic: false },
      });
      expect((await lookupBanner("ev-public", "w320.avif")).status).toBe(404);
    } finally {
      await prisma.event.update({
        where: { id: "ev-public" },
        data: {
          status: "published",
          isPublic: true,
          bannerKey: `companies/${C}/events/ev-public/banner.jpg`,
        },
      });
      await prisma.mediaFile.delete({ where: { id: banner.id } });
    }
  });
});

describe("sitemap and share images", () => {
  it("lists viewable pages only", async () => {
    const scope = { kind: "tenant", companyId: C } as const;
    const counts = await loadSitemapCounts(scope);
    expect(counts).toEqual({ platform: 0, companies: 3, events: 1, contents: 5 });
    const paths = (await loadSitemapEntries(scope, counts, 0, 100)).map((e) => e.path);
    expect(paths.slice(0, 3)).toEqual(["/", "/termos", "/privacidade"]);
    expect(paths.filter((p) => p.startsWith("/evento/"))).toEqual(["/evento/ev-public"]);
    expect(
      paths
        .filter((p) => p.startsWith("/player/"))
        .map((p) => p.slice("/player/".length))
        .sort(),
    ).toEqual(["gallery", "gated-pdf", "of-both", "resource", "track"]);
  });

  it("describes a share image only for viewable pages", async () => {
    const event = await loadOgSubject("event", "ev-public");
    expect(event).toMatchObject({ title: "ev-public", companyName: "Tenant" });
    // The banner as fans get it (its ready rendition, never the original): this one has no
    // processed upload, so the event's first ready photo stands in.
    expect(event?.photoKey).not.toContain("banner.jpg");
    expect(event?.photoKey).toMatch(/\/w\d+\.webp$/);
    const bannerKey = `companies/${C}/events/ev-public/banner.jpg`;
    const banner = await createBannerMedia(bannerKey, "og-banner");
    try {
      expect((await loadOgSubject("event", "ev-public"))?.photoKey).toBe(
        `companies/${C}/media/og-banner/w640.webp`,
      );
      expect((await loadOgSubject("company", C))?.logoKey).toBe(await resolveLogoKey(C));
    } finally {
      await prisma.mediaFile.delete({ where: { id: banner.id } });
    }
    expect(await loadOgSubject("event", "ev-draft")).toBeNull();
    expect(await loadOgSubject("content", "draft")).toBeNull();
    expect((await loadOgSubject("content", "track"))?.photoKey).toBe(
      `companies/${C}/media/track-cover/w640.webp`,
    );
  });
});

describe("covers and share images use ready media only", () => {
  // A company of its own: the lists asserted above stay as they are.
  const R = "co-ready";
  const media = (id: string, contentId: string, state: "ready" | "processing") =>
    prisma.mediaFile.create({
      data: {
        id,
        companyId: R,
        contentId,
        kind: "photo",
        storageKey: `companies/${R}/media/${id}/original`,
        originalName: `${id}.jpg`,
        mimeType: "image/jpeg",
        sizeBytes: 1000n,
        state,
        // Renditions already on the row, as while the worker is finishing: only `state` says no.
        variants: [{ width: 640, format: "webp", key: `companies/${R}/media/${id}/w640.webp`, bytes: 100 }],
      },
    });
  const content = (id: string, coverMediaId: string | null) =>
    prisma.content.create({
      data: {
        id,
        companyId: R,
        title: id,
        status: "published",
        coverMediaId,
        publishedAt: new Date("2026-07-20T10:00:00Z"),
      },
    });

  beforeAll(async () => {
    await prisma.company.create({ data: { id: R, slug: "ready-only", name: "Ready only" } });
    // A cover chosen while it is still being processed, beside a ready photo.
    await content("chosen-unready", "chosen-unready-cover");
    await media("chosen-unready-cover", "chosen-unready", "processing");
    await media("chosen-unready-photo", "chosen-unready", "ready");
    // No cover chosen, and the only photo still being processed.
    await content("only-unready", null);
    await media("only-unready-photo", "only-unready", "processing");
  });

  it("never shows a cover that is not ready, on cards or on the player", async () => {
    const landing = await loadLanding(R);
    const cards = [...(landing?.galleries ?? []), ...(landing?.resources ?? [])];
    expect(cards.map((c) => c.id).sort()).toEqual(["chosen-unready", "only-unready"]);
    const card = (id: string) => cards.find((c) => c.id === id);
    // The chosen cover is not ready: the content's first ready photo stands in.
    expect(card("chosen-unready")?.cover?.fallbackUrl).toMatch(
      /^\/api\/media\/chosen-unready-photo\/w640\.webp\?v=\w+$/,
    );
    expect(card("only-unready")?.cover).toBeNull();
    const player = await loadPlayerPage("chosen-unready");
    if (player?.state !== "ok") throw new Error("expected viewable content");
    expect(JSON.stringify(player)).not.toContain("chosen-unready-cover");
  });

  it("never puts media that is not ready in a share image", async () => {
    expect((await loadOgSubject("content", "only-unready"))?.photoKey).toBeNull();
    expect((await loadOgSubject("content", "chosen-unready"))?.photoKey).not.toContain(
      "chosen-unready-cover",
    );
    expect(JSON.stringify(await loadOgSubject("company", R))).not.toMatch(
      /only-unready-photo|chosen-unready-cover/,
    );
  });
});
