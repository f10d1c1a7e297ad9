import { ListObjectsV2Command } from "@aws-sdk/client-s3";
import { verifyPassword } from "better-auth/crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "@/lib/core/db-client";
import { parseStoredVariants } from "@/lib/platform/media/variants";
import { sourceHash } from "@/lib/features/translation/fields";
import { ObjectStore } from "@/lib/core/storage/object-store";
import {
  DEMO_COMPANY_SLUG,
  DEMO_EVENT_SLUGS,
  DEMO_PASSWORD,
  DEMO_USERS,
  OTHER_ADMIN_EMAIL,
  OTHER_COMPANY_SLUG,
  OTHER_EVENT_SLUG,
  SEED_CONTENT_IDS,
  seed,
  seedIfEmpty,
} from "@/prisma/seed";
import { createTestDatabase, createTestStore, type TestDatabase } from "./support/context";

// The failed run gets a database and bucket of its own; every other test asks for the file's
// seeded database through `seeded()` (seeded once, whichever test comes first), so none relies
// on another having run.

const SEED_TIMEOUT = 180_000; // a full seed takes ~13 s on 2 idle cores; CI may be busier

let db: TestDatabase;
let store: ObjectStore;
let prisma: PrismaClient;

beforeAll(async () => {
  db = await createTestDatabase();
  prisma = db.prisma;
  store = await createTestStore();
});

afterAll(async () => {
  store?.client.destroy();
  await db?.drop();
});

/** A store whose uploads fail after the first `okPuts`, like a disk filling up mid-seed. */
class FailingStore extends ObjectStore {
  private puts = 0;
  constructor(
    inner: ObjectStore,
    private readonly okPuts: number,
  ) {
    super(inner.client, inner.bucket);
  }
  override async put(key: string, body: Uint8Array, contentType: string): Promise<void> {
    if (++this.puts > this.okPuts) throw new Error("simulated storage outage");
    return super.put(key, body, contentType);
  }
}

async function rowCounts(client: PrismaClient = prisma) {
  const [
    companies,
    users,
    accounts,
    profiles,
    events,
    contents,
    contentEvents,
    media,
    engagement,
    likes,
    leads,
    comments,
  ] = await Promise.all([
    client.company.count(),
    client.user.count(),
    client.account.count(),
    client.profile.count(),
    client.event.count(),
    client.content.count(),
    client.contentEvent.count(),
    client.mediaFile.count(),
    client.engagementEvent.count(),
    client.contentLike.count(),
    client.lead.count(),
    client.comment.count(),
  ]);
  return {
    companies,
    users,
    accounts,
    profiles,
    events,
    contents,
    contentEvents,
    media,
    engagement,
    likes,
    leads,
    comments,
  };
}

async function storedObjects(): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  let token: string | undefined;
  do {
    const page = await store.client.send(
      new ListObjectsV2Command({ Bucket: store.bucket, ContinuationToken: token }),
    );
    for (const o of page.Contents ?? []) if (o.Key) found.set(o.Key, o.Size ?? -1);
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return found;
}

async function companyId(slug: string): Promise<string> {
  return (await prisma.company.findUniqueOrThrow({ where: { slug } })).id;
}

let seeding: Promise<string[]> | undefined;
/** The file's database, seeded once (the log lines of that run). */
function seeded(): Promise<string[]> {
  seeding ??= (async () => {
    const lines: string[] = [];
    expect(await seedIfEmpty({ prisma, store, log: (m) => lines.push(m) })).toBe(true);
    return lines;
  })();
  return seeding;
}

describe("demo seed", () => {
  it(
    "leaves no rows behind when storage fails midway",
    async () => {
      const own = await createTestDatabase();
      const ownStore = await createTestStore();
      try {
        await expect(seed({ prisma: own.prisma, store: new FailingStore(ownStore, 12) })).rejects.toThrow(
          "simulated storage outage",
        );
        expect(await rowCounts(own.prisma)).toMatchObject({ companies: 0, users: 0, contents: 0, media: 0 });
      } finally {
        ownStore.client.destroy();
        await own.drop();
      }
    },
    SEED_TIMEOUT,
  );

  it(
    "seeds both companies",
    async () => {
      const lines = await seeded();
      const firstCounts = await rowCounts();
      expect(firstCounts).toMatchObject({
        companies: 2,
        users: 4,
        accounts: 4,
        profiles: 4,
        events: 4,
        contents: 10,
      });
      expect(firstCounts.media).toBeGreaterThanOrEqual(30);
      expect(lines.join("\n")).toMatch(/written/);
    },
    SEED_TIMEOUT,
  );

  it(
    "re-runs without duplicates, regenerating and rewriting nothing",
    async () => {
      await seeded();
      const firstCounts = await rowCounts();
      const before = await prisma.mediaFile.findMany({
        select: { id: true, updatedAt: true },
        orderBy: { id: "asc" },
      });
      const usedBefore = await prisma.company.findMany({
        select: { slug: true, storageUsedBytes: true },
        orderBy: { slug: "asc" },
      });
      const objectsBefore = await storedObjects();
      const lines: string[] = [];

      await seed({ prisma, store, log: (m) => lines.push(m) });

      expect(await rowCounts()).toEqual(firstCounts);
      expect(lines.join("\n")).toMatch(/\b0 generated\b/);
      expect(
        await prisma.mediaFile.findMany({ select: { id: true, updatedAt: true }, orderBy: { id: "asc" } }),
      ).toEqual(before);
      expect(
        await prisma.company.findMany({
          select: { slug: true, storageUsedBytes: true },
          orderBy: { slug: "asc" },
        }),
      ).toEqual(usedBefore);
      expect(await storedObjects()).toEqual(objectsBefore);
      expect(await seedIfEmpty({ prisma, store })).toBe(false);
    },
    SEED_TIMEOUT,
  );

  it("creates users who can sign in with the demo password", async () => {
    await seeded();
    const expected = [
      [DEMO_USERS.admin, "admin", DEMO_COMPANY_SLUG],
      [DEMO_USERS.manager, "manager", DEMO_COMPANY_SLUG],
      [DEMO_USERS.user, "user", DEMO_COMPANY_SLUG],
      [OTHER_ADMIN_EMAIL, "admin", OTHER_COMPANY_SLUG],
    ] as const;
    for (const [email, role, slug] of expected) {
      const user = await prisma.user.findUniqueOrThrow({
        where: { email },
        include: { accounts: true, profile: { include: { company: true } } },
      });
      expect(user.emailVerified).toBe(true);
      expect(user.accounts).toHaveLength(1);
      const account = user.accounts[0]!;
      expect(account).toMatchObject({ providerId: "credential", accountId: user.id });
      expect(await verifyPassword({ hash: account.password ?? "", password: DEMO_PASSWORD })).toBe(true);
      expect(await verifyPassword({ hash: account.password ?? "", password: "wrong-password" })).toBe(false);
      expect(user.profile).toMatchObject({ role, displayName: user.name });
      expect(user.profile?.company?.slug).toBe(slug);
    }
  });

  it("stores every media object with the size its row records", async () => {
    await seeded();
    const objects = await storedObjects();
    const companies = await prisma.company.findMany({ include: { mediaFiles: true } });
    for (const company of companies) {
      expect(company.logoKey && objects.has(company.logoKey)).toBe(true);
      let total = 0n;
      for (const m of company.mediaFiles) {
        expect(m.state).toBe("ready");
        expect(m.storageKey.startsWith(`companies/${company.id}/media/${m.id}/original.`)).toBe(true);
        expect(objects.get(m.storageKey)).toBe(Number(m.sizeBytes));
        const variants = m.variants === null ? [] : parseStoredVariants(m.variants);
        expect(variants).not.toBeNull();
        for (const v of variants ?? []) {
          expect(v.key.startsWith(`companies/${company.id}/media/${m.id}/`)).toBe(true);
          expect(objects.get(v.key)).toBe(v.bytes);
          total += BigInt(v.bytes);
        }
        if (m.posterKey)
          expect(variants?.some((v) => v.key === m.posterKey && v.format === "jpeg")).toBe(true);
        total += m.sizeBytes;
      }
      expect(company.storageUsedBytes).toBe(total);
    }
  });

  it("stores real files of each kind, byte for byte", async () => {
    await seeded();
    const media = await prisma.mediaFile.findMany({ distinct: ["kind"], orderBy: { id: "asc" } });
    const magic: Record<string, (b: Buffer) => boolean> = {
      photo: (b) => b[0] === 0xff && b[1] === 0xd8,
      video: (b) => b.toString("latin1", 4, 8) === "ftyp",
      audio: (b) => b.toString("latin1", 0, 4) === "RIFF" && b.toString("latin1", 8, 12) === "WAVE",
      document: (b) => b.toString("latin1", 0, 5) === "%PDF-",
    };
    expect(media.map((m) => m.kind).sort()).toEqual(["audio", "document", "photo", "video"]);
    for (const m of media) {
      const bytes = Buffer.from(await store.getBytes(m.storageKey));
      expect(bytes.length).toBe(Number(m.sizeBytes));
      expect(magic[m.kind]?.(bytes)).toBe(true);
    }
  });

  it("gives the demo events the content they need", async () => {
    await seeded();
    const demoId = await companyId(DEMO_COMPANY_SLUG);
    const festival = await prisma.event.findUniqueOrThrow({
      where: { companyId_slug: { companyId: demoId, slug: DEMO_EVENT_SLUGS.festival } },
      include: { contents: { include: { content: { include: { mediaFiles: true } } } } },
    });
    expect(festival).toMatchObject({ companyId: demoId, status: "published", isPublic: true });
    const published = festival.contents.map((ce) => ce.content).filter((c) => c.status === "published");
    const media = published.flatMap((c) => c.mediaFiles);
    const gallery = published.find((c) => c.kind === "photo_gallery");
    expect(gallery?.mediaFiles.filter((m) => m.kind === "photo").length).toBeGreaterThanOrEqual(12);
    expect(media.filter((m) => m.kind === "video")).toHaveLength(2);
    expect(media.filter((m) => m.kind === "audio")).toHaveLength(2);

    for (const m of media) {
      if (m.kind === "photo") {
        expect(m).toMatchObject({ width: 1600, height: 1067 });
        expect(m.blurDataUrl).toMatch(/^data:image\/webp;base64,/);
        expect(
          parseStoredVariants(m.variants)
            ?.map((v) => `${v.format}${v.width}`)
            .sort(),
        ).toEqual(["avif1280", "avif320", "avif640", "avif960", "webp1280", "webp320", "webp640", "webp960"]);
      }
      if (m.kind === "video") {
        expect(m).toMatchObject({ mimeType: "video/mp4", width: 640, height: 360, durationMs: 3000 });
        expect(m.posterKey).toBeTruthy();
      }
      if (m.kind === "audio") {
        expect(m.durationMs).toBeGreaterThanOrEqual(5000);
        const peaks = m.waveform as number[];
        expect(peaks).toHaveLength(100);
        expect(peaks.every((p) => p >= 0 && p <= 1)).toBe(true);
      }
    }

    const acoustic = await prisma.event.findUniqueOrThrow({
      where: { companyId_slug: { companyId: demoId, slug: DEMO_EVENT_SLUGS.acoustic } },
      include: { contents: { include: { content: { include: { mediaFiles: true } } } } },
    });
    expect(acoustic).toMatchObject({ status: "published", isPublic: true });
    const gated = acoustic.contents
      .map((ce) => ce.content)
      .filter((c) => c.status === "published" && c.requiresLead);
    expect(
      gated
        .flatMap((c) => c.mediaFiles)
        .some((m) => m.kind === "document" && m.mimeType === "application/pdf"),
    ).toBe(true);
    expect(gated.some((c) => c.kind === "photo_gallery")).toBe(true);

    expect(
      await prisma.event.findUniqueOrThrow({
        where: { companyId_slug: { companyId: demoId, slug: DEMO_EVENT_SLUGS.private } },
      }),
    ).toMatchObject({
      status: "draft",
    });
  });

  it("covers every content status and kind, each with a cover of its own", async () => {
    await seeded();
    const demoId = await companyId(DEMO_COMPANY_SLUG);
    const contents = await prisma.content.findMany({
      where: { companyId: demoId },
      include: { mediaFiles: true },
    });
    expect(new Set(contents.map((c) => c.status))).toEqual(new Set(["draft", "published", "archived"]));
    expect(new Set(contents.map((c) => c.kind))).toEqual(
      new Set(["single", "photo_gallery", "video_gallery"]),
    );
    for (const c of contents) {
      expect(c.mediaFiles.map((m) => m.id)).toContain(c.coverMediaId);
      expect(c.publishedAt === null).toBe(c.status === "draft");
    }
    const company = await prisma.company.findUniqueOrThrow({ where: { id: demoId } });
    expect(company).toMatchObject({ name: "Demo Live", plan: "starter" });
    // Issue #15: the demo's texts in en/es/fr, ready versions of the current Portuguese source.
    const versions = await prisma.textTranslation.findMany({ where: { companyId: demoId } });
    const festival = await prisma.event.findUniqueOrThrow({
      where: { companyId_slug: { companyId: demoId, slug: DEMO_EVENT_SLUGS.festival } },
    });
    for (const [entityId, field, source] of [
      [demoId, "description", company.description],
      [demoId, "landingPageName", company.landingPageName],
      [festival.id, "description", festival.description],
    ] as const) {
      const of = versions.filter((v) => v.entityId === entityId && v.field === field);
      expect(of.map((v) => v.locale).sort()).toEqual(["en", "es", "fr"]);
      for (const v of of)
        expect(v).toMatchObject({
          state: "ready",
          origin: "automatic",
          sourceHash: sourceHash(source!, "pt"),
        });
    }
    expect(
      versions.find((v) => v.entityId === festival.id && v.field === "name" && v.locale === "en")?.text,
    ).toBe("Summer Festival 2026");
    expect(
      company.whatsappUrl && company.primaryEmail && company.website && company.instagramUrl,
    ).toBeTruthy();
  });

  it("keeps every row of the second company inside that company", async () => {
    await seeded();
    const otherId = await companyId(OTHER_COMPANY_SLUG);
    const event = await prisma.event.findUniqueOrThrow({
      where: { companyId_slug: { companyId: otherId, slug: OTHER_EVENT_SLUG } },
      include: { contents: { include: { content: true } } },
    });
    expect(event).toMatchObject({ companyId: otherId, status: "published", isPublic: true });
    expect(event.contents.map((ce) => ce.content)).toEqual([
      expect.objectContaining({
        id: SEED_CONTENT_IDS.otherGated,
        companyId: otherId,
        status: "published",
        requiresLead: true,
      }),
    ]);

    const otherContentIds = (await prisma.content.findMany({ where: { companyId: otherId } })).map(
      (c) => c.id,
    );
    const otherEventIds = (await prisma.event.findMany({ where: { companyId: otherId } })).map((e) => e.id);
    // Rows that point at the second company's contents or events must belong to it, and vice versa.
    const linked = { OR: [{ contentId: { in: otherContentIds } }, { companyId: otherId }] };
    for (const rows of await Promise.all([
      prisma.mediaFile.findMany({
        where: linked,
        select: { companyId: true, contentId: true, storageKey: true },
      }),
      prisma.lead.findMany({
        where: { OR: [...linked.OR, { eventId: { in: otherEventIds } }] },
        select: { companyId: true, contentId: true },
      }),
      prisma.engagementEvent.findMany({
        where: { OR: [...linked.OR, { eventId: { in: otherEventIds } }] },
        select: { companyId: true, contentId: true },
      }),
      prisma.contentLike.findMany({ where: linked, select: { companyId: true, contentId: true } }),
      prisma.comment.findMany({ where: linked, select: { companyId: true, contentId: true } }),
    ])) {
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        expect(row.companyId).toBe(otherId);
        if (row.contentId) expect(otherContentIds).toContain(row.contentId);
        if ("storageKey" in row) expect(row.storageKey.startsWith(`companies/${otherId}/`)).toBe(true);
      }
    }
    // No content is linked to an event of another company.
    const links = await prisma.contentEvent.findMany({ include: { content: true, event: true } });
    for (const link of links) expect(link.content.companyId).toBe(link.event.companyId);
    const profiles = await prisma.profile.findMany({
      where: { companyId: otherId },
      include: { user: true },
    });
    expect(profiles.map((p) => p.user.email)).toEqual([OTHER_ADMIN_EMAIL]);
  });
});
