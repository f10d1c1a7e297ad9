import sharp from "sharp";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/core/db";
import { storage } from "@/lib/core/storage";
import { createEvent } from "@/lib/features/events/save-event";
import {
  saveWatermarkDesign,
  setEventSponsorLogo,
  setGalleryWatermark,
} from "@/lib/features/watermarks/save";
import { processMedia } from "@/lib/platform/media/process-media";
import { renditionVersion } from "@/lib/platform/media/urls";
import { parseStoredVariants } from "@/lib/platform/media/variants";
import { PLACED_FAILURE_MS } from "@/lib/platform/media/watermark/on-demand";
import { syncGalleryWatermarks } from "@/lib/platform/media/watermark/pass";
import { parseStoredWatermark } from "@/lib/platform/media/watermark/stored";
import { signedVisitorId } from "@/lib/platform/visitors/visitor";
import { mediaRoutes } from "@/lib/surfaces/public-site/media-routes";
import { mediaTestEnv, uploadFile, type MediaTestEnv } from "./support/media";
import { createContentRow, createTenant, type Tenant } from "./support/tenants";

/**
 * Attacker review of issue #36, finding 6: while the pass of a gallery just switched to
 * watermarks runs, its pages name the clean renditions of the photos it has not reached, and the
 * route answered their clean bytes `immutable` (a browser kept them a year). Now such a URL is
 * answered with the rendition marked on request, for a minute only; once the pass has drawn the
 * photo, its marked rendition as before.
 */
let env: MediaTestEnv;
let company: Tenant;
let gallery: string;
let photo: string;

beforeAll(async () => {
  env = await mediaTestEnv();
  company = await createTenant(env.db, { plan: "professional" });
  gallery = (
    await createContentRow(env.db, company.id, { title: "G", kind: "photo_gallery", status: "published" })
  ).id;
  await saveWatermarkDesign(company.as("admin"), {
    kind: "text",
    text: "AFTERGLOW",
    position: "bottom-right",
    size: "40",
    edge: "short",
    opacity: "100",
  });
  photo = await readyUpload({ type: "content", contentId: gallery });
}, 60_000);

/** A 1,000 × 700 blue JPEG uploaded and processed; its media id. */
async function readyUpload(target: Parameters<typeof uploadFile>[1]["target"]): Promise<string> {
  const bytes = await sharp({
    create: { width: 1000, height: 700, channels: 3, background: { r: 30, g: 60, b: 200 } },
  })
    .jpeg()
    .toBuffer();
  const { created } = await uploadFile(company.as("admin"), {
    fileName: "p.jpg",
    contentType: "image/jpeg",
    bytes,
    target,
  });
  expect(await processMedia(created.id)).toMatchObject({ status: "ready" });
  return created.id;
}
afterAll(() => env?.close());

async function rendition(variant: string, version: string, mediaId = photo) {
  const request = new Request(`http://app.test/api/media/${mediaId}/${variant}?v=${version}`, {
    headers: { host: "app.test", cookie: `ag_vid=${signedVisitorId(randomUUID())}` },
  });
  return mediaRoutes.media(request, { params: Promise.resolve({ mediaId, variant }) });
}

describe("a photo of a gallery just switched to watermarks, before the pass reaches it", () => {
  it("is served marked, for a minute, never its clean bytes as immutable", async () => {
    await setGalleryWatermark(company.as("admin"), gallery, true);
    const row = await db.mediaFile.findUniqueOrThrow({ where: { id: photo } });
    expect(parseStoredWatermark(row.watermark)).toBeNull();
    for (const name of ["w640.webp", "w640.avif"]) {
      const clean = (parseStoredVariants(row.variants) ?? []).find((v) => v.key.endsWith(`/${name}`))!;
      const res = await rendition(name, renditionVersion(clean));
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).not.toContain("immutable");
      expect(res.headers.get("cache-control")).toContain("max-age=60");
      const served = Buffer.from(await res.arrayBuffer());
      const cleanBytes = Buffer.from(await env.store.getBytes(clean.key));
      expect(served.equals(cleanBytes)).toBe(false);
      // Same picture, with white letters burned in at the bottom right (the photo is blue).
      const [a, b] = await Promise.all(
        [served, cleanBytes].map((x) => sharp(x).removeAlpha().raw().toBuffer({ resolveWithObject: true })),
      );
      expect(a!.info.width).toBe(b!.info.width);
      const corner = (img: typeof a) => {
        let bright = 0;
        const { width, height } = img!.info;
        for (let y = Math.floor(height * 0.6); y < height; y++)
          for (let x = Math.floor(width * 0.5); x < width; x++)
            if (img!.data[(y * width + x) * 3]! > 200) bright++;
        return bright;
      };
      expect(corner(a)).toBeGreaterThan(100);
      expect(corner(b)).toBe(0);
    }
  }, 60_000);

  it("once the pass has drawn it, its marked rendition is served as before", async () => {
    expect(await syncGalleryWatermarks(gallery)).toMatchObject({ drawn: 1, failed: 0 });
    const row = await db.mediaFile.findUniqueOrThrow({ where: { id: photo } });
    const marked = parseStoredWatermark(row.watermark)!.variants.find((v) => v.key.endsWith("/w640.webp"))!;
    const res = await rendition("w640.webp", renditionVersion(marked));
    expect(res.headers.get("cache-control")).toContain("immutable");
    expect(
      Buffer.from(await res.arrayBuffer()).equals(Buffer.from(await env.store.getBytes(marked.key))),
    ).toBe(true);
  }, 60_000);
});

describe("a photo whose gallery's marks cannot be placed (a damaged sponsor logo)", () => {
  it("is answered as before, without decoding the logo again for every fan", async () => {
    // Attacker review: every fan request of such a photo read and decoded the damaged logo again.
    const event = await createEvent(company.as("admin"), {
      name: "Sponsored",
      slug: "sponsored-pending",
      date: "2026-07-18",
      time: "20:00",
      timeZone: "Europe/Lisbon",
      isFree: true,
      status: "published",
      isPublic: true,
    });
    const sponsored = (
      await createContentRow(env.db, company.id, {
        title: "S",
        kind: "photo_gallery",
        status: "published",
        eventIds: [event.id],
      })
    ).id;
    const shot = await readyUpload({ type: "content", contentId: sponsored });
    const sponsor = await readyUpload({ type: "event-banner" });
    await setEventSponsorLogo(company.as("admin"), event.id, sponsor);
    const logo = await db.mediaFile.findUniqueOrThrow({ where: { id: sponsor } });
    const logoKeys = new Set((parseStoredVariants(logo.variants) ?? []).map((v) => v.key));
    for (const key of logoKeys) await env.store.put(key, Buffer.from("not an image at all"), "image/webp");
    await setGalleryWatermark(company.as("admin"), sponsored, true);
    const row = await db.mediaFile.findUniqueOrThrow({ where: { id: shot } });
    const clean = (parseStoredVariants(row.variants) ?? []).find((v) => v.key.endsWith("/w640.webp"))!;
    const reads = vi.spyOn(storage, "getBytes");
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const now = Date.now();
    const clock = vi.spyOn(Date, "now").mockReturnValue(now);
    const logoReads = () => reads.mock.calls.filter(([key]) => logoKeys.has(key)).length;
    try {
      // What it answered before: an error, never the clean bytes.
      for (let i = 0; i < 3; i++) {
        const res = await rendition("w640.webp", renditionVersion(clean), shot);
        expect(res.status).toBe(500);
        expect(res.headers.get("cache-control")).toBe("no-store");
      }
      expect(logoReads()).toBe(1);
      // A while later it is tried again (the organiser may have fixed it).
      clock.mockReturnValue(now + PLACED_FAILURE_MS + 1);
      expect((await rendition("w640.webp", renditionVersion(clean), shot)).status).toBe(500);
      expect(logoReads()).toBe(2);
    } finally {
      clock.mockRestore();
      logged.mockRestore();
      reads.mockRestore();
    }
  }, 60_000);
});
