import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { GET } from "@/app/api/og/[kind]/[id]/[locale]/route";
import { db } from "@/lib/core/db";
import { OG_MAX_BYTES, shareJpeg } from "@/lib/surfaces/public-site/og-store";
import { storage } from "@/lib/core/storage";
import { createContentRow, createEventRow, createTenant } from "./support/tenants";

/**
 * Share images (issue #17): every kind answers a 1200×630 JPEG of at most 200 KB — with a
 * photo of pure noise, the worst case for JPEG — drawn once per version and kept in the
 * object store: a second request reads the stored image, a changed title draws a new one
 * and removes the old.
 */
// Outside a Next server there is no incremental cache: the subject is loaded every time
// (which is what this test wants: the store, not Next's cache, is under test).
vi.mock("next/cache", async (importOriginal) => ({
  ...(await importOriginal<typeof import("next/cache")>()),
  unstable_cache: <T extends (...args: never[]) => unknown>(fn: T) => fn,
}));

// No Next request scope either: the server translator is next-intl's plain one on our catalogue.
vi.mock("next-intl/server", async (importOriginal) => {
  const { createTranslator } = await import("next-intl");
  const { loadMessages } = await import("@/lib/core/i18n/messages");
  return {
    ...(await importOriginal<typeof import("next-intl/server")>()),
    getTranslations: async ({
      locale,
      namespace,
    }: {
      locale: "pt" | "en" | "es" | "fr";
      namespace: string;
    }) => createTranslator({ locale, messages: await loadMessages(locale), namespace }),
  };
});

let companyId: string;
let eventId: string;
let contentId: string;

const call = (kind: string, id: string, locale = "en") =>
  GET(new Request(`http://localhost/api/og/${kind}/${id}/${locale}`), {
    params: Promise.resolve({ kind, id, locale }),
  });

async function noisePhoto(size: number): Promise<Buffer> {
  const raw = randomBytes(size * size * 3);
  return sharp(raw, { raw: { width: size, height: size, channels: 3 } })
    .webp({ quality: 95 })
    .toBuffer();
}

beforeAll(async () => {
  const tenant = await createTenant(db, { plan: "professional" });
  companyId = tenant.id;
  const event = await createEventRow(db, companyId, "Noite de Verão");
  eventId = event.id;
  const content = await createContentRow(db, companyId, {
    title: "Fotos do palco",
    status: "published",
    eventIds: [eventId],
  });
  contentId = content.id;
  const mediaId = `m${randomBytes(8).toString("hex")}`;
  const key = `companies/${companyId}/media/${mediaId}/w1280.webp`;
  await storage.put(key, await noisePhoto(1280), "image/webp");
  await db.mediaFile.create({
    data: {
      id: mediaId,
      companyId,
      contentId,
      kind: "photo",
      storageKey: `companies/${companyId}/media/${mediaId}/original.jpg`,
      originalName: "noise.jpg",
      mimeType: "image/jpeg",
      sizeBytes: BigInt(1),
      state: "ready",
      variants: [{ width: 1280, format: "webp", key, bytes: 1 }],
    },
  });
  await db.content.update({ where: { id: contentId }, data: { publishedAt: new Date() } });
});

async function expectShareJpeg(response: Response): Promise<Buffer> {
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("image/jpeg");
  const bytes = Buffer.from(await response.arrayBuffer());
  expect(bytes.length).toBeLessThanOrEqual(OG_MAX_BYTES);
  const meta = await sharp(bytes).metadata();
  expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
    format: "jpeg",
    width: 1200,
    height: 630,
  });
  return bytes;
}

describe("share images", () => {
  it("are JPEGs of 1200×630 under 200 KB for every kind, even with a photo of noise", async () => {
    for (const template of ["classic", "editorial", "stage"] as const) {
      await db.company.update({ where: { id: companyId }, data: { template } });
      for (const [kind, id] of [
        ["company", companyId],
        ["event", eventId],
        ["content", contentId],
      ] as const) {
        await expectShareJpeg(await call(kind, id));
      }
    }
    for (const page of ["home", "privacy", "terms", "cookies"])
      await expectShareJpeg(await call("site", page, "pt"));
    await expectShareJpeg(await call("site", "home", "fr"));
  });

  it("are drawn once per version and kept in the store", async () => {
    const prefix = `companies/${companyId}/og/event-${eventId}-fr-`;
    const first = await expectShareJpeg(await call("event", eventId, "fr"));
    const keys = await storage.listKeys(prefix);
    expect(keys).toHaveLength(1);
    expect(Buffer.from(await storage.getBytes(keys[0]!))).toEqual(first);

    // What a second request answers is the stored object, not a new drawing.
    const marker = await sharp({
      create: { width: 1200, height: 630, channels: 3, background: "#123456" },
    })
      .jpeg()
      .toBuffer();
    await storage.put(keys[0]!, marker, "image/jpeg");
    expect(Buffer.from(await (await call("event", eventId, "fr")).arrayBuffer())).toEqual(marker);

    // A new title is a new version: drawn again, the old object removed.
    await db.event.update({ where: { id: eventId }, data: { name: "Noite de Inverno" } });
    const redrawn = await expectShareJpeg(await call("event", eventId, "fr"));
    expect(redrawn).not.toEqual(marker);
    const after = await storage.listKeys(prefix);
    expect(after).toHaveLength(1);
    expect(after[0]).not.toBe(keys[0]);
  });

  it("stay under the cap when the whole drawing is noise (quality lowered until it fits)", async () => {
    const png = await sharp(randomBytes(1200 * 630 * 3), { raw: { width: 1200, height: 630, channels: 3 } })
      .png()
      .toBuffer();
    const jpeg = await shareJpeg(png);
    expect(jpeg.length).toBeLessThanOrEqual(OG_MAX_BYTES);
    expect(await sharp(jpeg).metadata()).toMatchObject({ format: "jpeg", width: 1200, height: 630 });
  });

  it("answer 404 for unknown pages and kinds", async () => {
    expect((await call("site", "admin")).status).toBe(404);
    expect((await call("site", "home", "de")).status).toBe(404);
    expect((await call("lead", companyId)).status).toBe(404);
  });
});
