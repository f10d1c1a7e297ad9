import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sourceLabels } from "@/lib/platform/attribution/labels";
import { db } from "@/lib/core/db";
import type { EngagementLimits } from "@/lib/platform/visitors/limits";
import { shortLinkHandler } from "@/lib/features/short-links/http";
import { itemShortCode, withFreshCode } from "@/lib/features/short-links/item-link";
import { createQrCode, deleteQrCode, listQrCodes, qrCodeImage } from "@/lib/features/short-links/qr-codes";
import type { RoutingSnapshot } from "@/lib/platform/tenancy/routing-table";
import { createContentRow, createEventRow, createTenant, type Tenant } from "./support/tenants";

// Short links and labelled QR codes (issue #17): lazy and race-safe creation, the redirect
// and its source cookie, the same 404 for unknown and unpublished, tenant hosts answering
// only for their own codes; QR codes scoped, plan-gated, counted.

let pro: Tenant;
let other: Tenant;
let starter: Tenant;
const customDomains = new Map<string, string>();
const routing: RoutingSnapshot = { domains: customDomains, redirects: new Map() };
const scanLimits: EngagementLimits = {
  windowSeconds: 60,
  perVisitor: { like: 50, comment: 50, share: 50, download: 50, view: 3, watchTime: 50 },
  anonPerIp: 1000,
};
const handler = shortLinkHandler({
  secureCookie: false,
  routing: async () => routing,
  limits: scanLimits,
  clientIp: { trustProxy: false, trustedProxies: [] },
  ipSecret: "test-secret",
});

beforeAll(async () => {
  [pro, other, starter] = await Promise.all([
    createTenant(db, { plan: "professional" }),
    createTenant(db, { plan: "professional" }),
    createTenant(db, { plan: "starter" }),
  ]);
  customDomains.set("fotos.example.test", other.slug);
});
afterAll(() => db.$disconnect());

const open = (
  code: string,
  options: { host?: string; query?: string; headers?: Record<string, string> } = {},
) => {
  const host = options.host ?? "localhost:3000";
  return handler(
    new Request(`http://${host}/s/${code}${options.query ?? ""}`, { headers: { host, ...options.headers } }),
    { params: Promise.resolve({ code }) },
  );
};
/** The source cookie (`ag_src`) the answer sets, if any. */
const cookieOf = (answer: Response) =>
  answer.headers.getSetCookie().find((cookie) => cookie.startsWith("ag_src=")) ?? null;

describe("an item's short link", () => {
  it("is created once, on first need, even by concurrent first requests", async () => {
    const event = await createEventRow(db, pro.id, "Race");
    const codes = await Promise.all(
      Array.from({ length: 8 }, () => itemShortCode(pro.id, { kind: "event", id: event.id })),
    );
    expect(new Set(codes).size).toBe(1);
    expect(codes[0]).toMatch(/^[0-9a-z]{10}$/);
    expect(codes[0]).not.toContain(event.slug.slice(0, 4));
    expect(await db.shortLink.count({ where: { eventId: event.id } })).toBe(1);
    expect(await itemShortCode(pro.id, { kind: "event", id: event.id })).toBe(codes[0]);
  });

  it("takes a fresh code when a new one clashes with an existing code", async () => {
    const event = await createEventRow(db, pro.id, "Clash");
    const taken = await itemShortCode(pro.id, { kind: "event", id: event.id });
    const tried: string[] = [];
    const created = await withFreshCode((fresh) => {
      const code = tried.length === 0 ? taken : fresh;
      tried.push(code);
      return db.shortLink.create({
        data: { code, companyId: pro.id, label: "x", labelKey: `clash-${fresh}` },
      });
    });
    expect(tried).toHaveLength(2);
    expect(created.code).toBe(tried[1]);
    expect(created.code).not.toBe(taken);
  });

  it("redirects (302, not cached) to the event page and records the link's channel tag", async () => {
    const event = await createEventRow(db, pro.id, "Fest");
    const code = await itemShortCode(pro.id, { kind: "event", id: event.id });
    const answer = await open(code.toUpperCase(), { query: "?ch=whatsapp" });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe(`/${pro.slug}/evento/${event.slug}`);
    expect(answer.headers.get("cache-control")).toMatch(/no-store/);
    expect(cookieOf(answer)).toMatch(/^ag_src=ch:whatsapp; Path=\/; Max-Age=86400; HttpOnly; SameSite=Lax$/);
    // Untagged, from our own page: no cookie, so an earlier source stays.
    const plain = await open(code, { headers: { referer: `http://localhost:3000/${pro.slug}` } });
    expect(plain.status).toBe(302);
    expect(cookieOf(plain)).toBeNull();
    // Untagged from nowhere (typed from a poster, an app that sends no referrer): the short link
    // is the source, not "Direct" (issue #40); from another site, that site.
    expect(cookieOf(await open(code))).toMatch(/^ag_src=ch:short-link;/);
    expect(cookieOf(await open(code, { headers: { referer: "https://www.instagram.com/" } }))).toMatch(
      /^ag_src=ref:instagram\.com;/,
    );
    expect((await sourceLabels(pro.id, ["ch:short-link"])).get("ch:short-link")).toBe("Short link");
  });

  it("stays on a tenant's host, and answers there only for that company's codes", async () => {
    const mine = await createEventRow(db, other.id, "Mine");
    const theirs = await createEventRow(db, pro.id, "Theirs");
    const mineCode = await itemShortCode(other.id, { kind: "event", id: mine.id });
    const theirCode = await itemShortCode(pro.id, { kind: "event", id: theirs.id });
    for (const host of [`${other.slug}.localhost:3000`, "fotos.example.test"]) {
      const answer = await open(mineCode, { host });
      expect(answer.status).toBe(302);
      expect(answer.headers.get("location")).toBe(`/evento/${mine.slug}`);
      const foreign = await open(theirCode, { host });
      expect(foreign.status).toBe(404);
    }
    expect((await open(mineCode, { host: "evil.example.com" })).status).toBe(404);
  });

  it("answers the same 404 for an unknown code and for a draft, private or unpublished item", async () => {
    const event = await createEventRow(db, pro.id, "Soon");
    const content = await createContentRow(db, pro.id, { status: "published", eventIds: [event.id] });
    const eventCode = await itemShortCode(pro.id, { kind: "event", id: event.id });
    const contentCode = await itemShortCode(pro.id, { kind: "content", id: content.id });
    const player = await open(contentCode);
    expect(player.headers.get("location")).toBe(`/${pro.slug}/player/${content.id}`);

    const unknown = await open("zzzzzzzzzz");
    const hostile = await open("..%2F..%2Fetc");
    await db.event.update({ where: { id: event.id }, data: { status: "draft" } });
    const draftEvent = await open(eventCode);
    const hiddenContent = await open(contentCode);
    await db.event.update({ where: { id: event.id }, data: { status: "published", isPublic: false } });
    const privateEvent = await open(eventCode);
    for (const answer of [unknown, hostile, draftEvent, hiddenContent, privateEvent]) {
      expect(answer.status).toBe(404);
      expect(answer.headers.get("location")).toBeNull();
      expect(cookieOf(answer)).toBeNull();
      expect(await answer.text()).toBe("Not found\n");
    }
  });
});

describe("labelled QR codes", () => {
  it("are refused on Starter and to fan-facing roles", async () => {
    const event = await createEventRow(db, starter.id, "Cheap");
    await expect(
      createQrCode(starter.as("admin"), { kind: "event", id: event.id }, "Entrance"),
    ).rejects.toMatchObject({
      code: "forbidden",
    });
    const proEvent = await createEventRow(db, pro.id, "Roles");
    await expect(
      createQrCode(pro.as("user"), { kind: "event", id: proEvent.id }, "Entrance"),
    ).rejects.toMatchObject({
      code: "forbidden",
    });
  });

  it("made before a downgrade keep working: scanned, listed, downloaded and deleted; only new ones are refused", async () => {
    const downgraded = await createTenant(db, { plan: "professional" });
    const event = await createEventRow(db, downgraded.id, "Printed");
    const item = { kind: "event", id: event.id } as const;
    const { id } = await createQrCode(downgraded.as("admin"), item, "Poster");
    // The plan drops to Starter (a trial that ended, a downgrade).
    await db.company.update({ where: { id: downgraded.id }, data: { plan: "starter" } });
    const [listed] = await listQrCodes(downgraded.as("admin"), item);
    expect(listed).toMatchObject({ id, label: "Poster" });
    expect((await open(listed!.url.split("/s/")[1]!)).status).toBe(302);
    expect((await qrCodeImage(downgraded.as("admin"), id, "png", 1024)).contentType).toBe("image/png");
    await expect(createQrCode(downgraded.as("admin"), item, "Stage")).rejects.toMatchObject({
      code: "forbidden",
    });
    await deleteQrCode(downgraded.as("manager"), id);
    expect(await listQrCodes(downgraded.as("admin"), item)).toEqual([]);
    // Still only the company's own: another company cannot delete it (the same 404).
    const { id: second } = await db.shortLink.create({
      data: {
        companyId: downgraded.id,
        eventId: event.id,
        code: `dn${Date.now()}`,
        label: "Gate",
        labelKey: "gate",
      },
      select: { id: true },
    });
    await expect(deleteQrCode(other.as("admin"), second)).rejects.toMatchObject({ code: "not_found" });
  });

  it("take a trimmed label, unique per item regardless of case", async () => {
    const event = await createEventRow(db, pro.id, "Labels");
    const item = { kind: "event", id: event.id } as const;
    await createQrCode(pro.as("manager"), item, "  Entrance  ");
    await expect(createQrCode(pro.as("manager"), item, "ENTRANCE")).rejects.toMatchObject({
      code: "validation",
      fieldErrors: { label: "shortLinks.qr.errors.labelTaken" },
    });
    await expect(createQrCode(pro.as("manager"), item, "   ")).rejects.toMatchObject({ code: "validation" });
    await expect(createQrCode(pro.as("manager"), item, "x".repeat(41))).rejects.toMatchObject({
      code: "validation",
    });
    // Another item may use the same label.
    const second = await createEventRow(db, pro.id, "Other");
    await createQrCode(pro.as("manager"), { kind: "event", id: second.id }, "entrance");
    expect((await listQrCodes(pro.as("manager"), item)).map((q) => q.label)).toEqual(["Entrance"]);
  });

  it("stay within their company: another company's item or code is a 404", async () => {
    const event = await createEventRow(db, pro.id, "Scoped");
    const { id } = await createQrCode(pro.as("admin"), { kind: "event", id: event.id }, "Stage");
    await expect(
      createQrCode(other.as("admin"), { kind: "event", id: event.id }, "Steal"),
    ).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(listQrCodes(other.as("admin"), { kind: "event", id: event.id })).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(qrCodeImage(other.as("admin"), id, "svg", 1024)).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(deleteQrCode(other.as("admin"), id)).rejects.toMatchObject({ code: "not_found" });
    expect(await db.shortLink.count({ where: { id } })).toBe(1);
  });

  it("record qr:{id} through their own short link, count scans and read as labels", async () => {
    const event = await createEventRow(db, pro.id, "Scans");
    const content = await createContentRow(db, pro.id, { status: "published", eventIds: [event.id] });
    const item = { kind: "content", id: content.id } as const;
    const { id } = await createQrCode(pro.as("admin"), item, "Poster");
    const [qr] = await listQrCodes(pro.as("admin"), item);
    expect(qr!.url).toMatch(/\/s\/[0-9a-z]{10}$/);
    const code = qr!.url.split("/s/")[1]!;

    const answer = await open(code, { query: "?ch=whatsapp" });
    expect(answer.headers.get("location")).toBe(`/${pro.slug}/player/${content.id}`);
    expect(cookieOf(answer)).toMatch(new RegExp(`^ag_src=qr:${id};`));

    // Views, likes … carrying the code's source are not scans; only the redirect above was.
    await db.engagementEvent.createMany({
      data: [
        { companyId: pro.id, contentId: content.id, type: "view", visitorId: "v1", source: `qr:${id}` },
        { companyId: pro.id, contentId: content.id, type: "like", visitorId: "v2", source: `qr:${id}` },
      ],
    });
    expect((await listQrCodes(pro.as("admin"), item))[0]!.scans).toBe(1);

    const labels = await sourceLabels(pro.id, [`qr:${id}`, "ch:whatsapp", null]);
    expect(labels.get(`qr:${id}`)).toBe("QR · Poster");
    expect(labels.get("ch:whatsapp")).toBe("WhatsApp");
    // Another company does not learn the label.
    expect((await sourceLabels(other.id, [`qr:${id}`])).get(`qr:${id}`)).toBe("QR");
  });

  it("render as PNG at print sizes and SVG, and once deleted their link is a 404", async () => {
    const event = await createEventRow(db, pro.id, "Print");
    const item = { kind: "event", id: event.id } as const;
    const { id } = await createQrCode(pro.as("admin"), item, "Stage screen");
    const png = await qrCodeImage(pro.as("admin"), id, "png", 2048);
    expect(png.contentType).toBe("image/png");
    expect(Buffer.from(png.body).readUInt32BE(16)).toBe(2048);
    expect(png.fileName).toBe("qr-stage-screen-2048.png");
    const svg = await qrCodeImage(pro.as("admin"), id, "svg", 1024);
    expect(new TextDecoder().decode(svg.body)).toMatch(/^<svg/);

    const code = (await listQrCodes(pro.as("admin"), item))[0]!.url.split("/s/")[1]!;
    expect((await open(code)).status).toBe(302);
    await deleteQrCode(pro.as("manager"), id);
    expect((await open(code)).status).toBe(404);
    expect(await listQrCodes(pro.as("admin"), item)).toEqual([]);
  });
});
