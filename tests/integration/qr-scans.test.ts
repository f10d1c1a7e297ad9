import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listSourceRows } from "@/lib/features/analytics/dimensions";
import { db } from "@/lib/core/db";
import type { EngagementLimits } from "@/lib/platform/visitors/limits";
import { recordView } from "@/lib/features/engagement/record-events";
import { signedVisitorId, verifiedVisitorId } from "@/lib/platform/visitors/visitor";
import { consumeLimits } from "@/lib/core/rate-limit/limiter";
import { shortLinkHandler } from "@/lib/features/short-links/http";
import { createQrCode, listQrCodes } from "@/lib/features/short-links/qr-codes";
import { qrScans } from "@/lib/features/short-links/scans";
import { createContentRow, createEventRow, createTenant, type Tenant } from "./support/tenants";

// QR scans counted at the scan (issue #17): the short-link redirect records one `scan` row per
// visitor and code in the view window, issues the visitor cookie, respects the view's rate
// limit (a limited scan still redirects), and adds no view to the analytics.

let pro: Tenant;
let other: Tenant;
const limits: EngagementLimits = {
  windowSeconds: 60,
  perVisitor: { like: 50, comment: 50, share: 50, download: 50, view: 3, watchTime: 50 },
  anonPerIp: 1000,
};
const handler = shortLinkHandler({
  secureCookie: false,
  routing: async () => ({ domains: new Map(), redirects: new Map() }),
  limits,
  clientIp: { trustProxy: false, trustedProxies: [] },
  ipSecret: "test-secret",
});

beforeAll(async () => {
  [pro, other] = await Promise.all([
    createTenant(db, { plan: "professional" }),
    createTenant(db, { plan: "professional" }),
  ]);
});
afterAll(() => db.$disconnect());

/** Follows a QR code's link, as a visitor (a server-issued id) or cookie-less, on the app's or a tenant's host. */
function scan(url: string, options: { visitor?: string; host?: string } = {}) {
  const code = url.split("/s/")[1]!;
  const host = options.host ?? "localhost:3000";
  const headers: Record<string, string> = { host };
  if (options.visitor) headers.cookie = `ag_vid=${signedVisitorId(options.visitor)}`;
  return handler(new Request(`http://${host}/s/${code}`, { headers }), {
    params: Promise.resolve({ code }),
  });
}

async function qrOf(tenant: Tenant, item: { kind: "event" | "content"; id: string }, label: string) {
  const { id } = await createQrCode(tenant.as("admin"), item, label);
  const qr = (await listQrCodes(tenant.as("admin"), item)).find((q) => q.id === id)!;
  return { id, url: qr.url };
}
const scansOf = async (tenant: Tenant, item: { kind: "event" | "content"; id: string }, id: string) =>
  (await listQrCodes(tenant.as("admin"), item)).find((q) => q.id === id)!.scans;

describe("a QR code's scans", () => {
  it("count at the scan of an event QR, once per visitor in the view window, without a view", async () => {
    const event = await createEventRow(db, pro.id, "Entrance");
    const item = { kind: "event", id: event.id } as const;
    const { id, url } = await qrOf(pro, item, "Entrance");
    expect(await scansOf(pro, item, id)).toBe(0);

    // A first-time fan: the redirect issues the signed visitor cookie and counts the scan under it.
    const first = await scan(url);
    expect(first.status).toBe(302);
    const vid = first.headers
      .getSetCookie()
      .find((c) => c.startsWith("ag_vid="))
      ?.split(";")[0]!
      .slice("ag_vid=".length);
    const visitor = verifiedVisitorId(vid);
    expect(visitor).not.toBeNull();
    expect(await scansOf(pro, item, id)).toBe(1);

    // The same fan scanning again (cookie now set) within the window: still one; nor a new cookie.
    const again = await scan(url, { visitor: visitor! });
    expect(again.status).toBe(302);
    expect(again.headers.getSetCookie().some((c) => c.startsWith("ag_vid="))).toBe(false);
    expect(await scansOf(pro, item, id)).toBe(1);

    // Another fan is another scan.
    await scan(url, { visitor: randomUUID() });
    expect(await scansOf(pro, item, id)).toBe(2);
    const rows = await db.engagementEvent.findMany({
      where: { companyId: pro.id, source: `qr:${id}` },
      select: { type: true, eventId: true, contentId: true },
    });
    expect(rows).toEqual([
      { type: "scan", eventId: event.id, contentId: null },
      { type: "scan", eventId: event.id, contentId: null },
    ]);
  });

  it("of a content QR plus the player's own view count one scan and one view", async () => {
    const event = await createEventRow(db, pro.id, "Stage");
    const content = await createContentRow(db, pro.id, { status: "published", eventIds: [event.id] });
    const item = { kind: "content", id: content.id } as const;
    const { id, url } = await qrOf(pro, item, "Stage screen");
    const visitor = randomUUID();
    expect((await scan(url, { visitor })).headers.get("location")).toBe(`/${pro.slug}/player/${content.id}`);
    // The player then records its view, with the source the redirect set.
    await recordView(content.id, visitor, `qr:${id}`);
    await scan(url, { visitor });
    await recordView(content.id, visitor, `qr:${id}`);
    expect(await scansOf(pro, item, id)).toBe(1);
    expect(await db.engagementEvent.count({ where: { contentId: content.id, type: "view" } })).toBe(1);

    // In the figures by source: the visit's one view; a scan alone (no view yet) adds no row.
    const idle = await qrOf(pro, item, "Flyer");
    await scan(idle.url, { visitor: randomUUID() });
    expect(await scansOf(pro, item, idle.id)).toBe(1);
    const today = new Date().toISOString().slice(0, 10);
    const rows = await listSourceRows(pro.id, { from: today, to: today });
    expect(rows.find((r) => r.source === `qr:${id}`)).toMatchObject({ views: 1, uniqueVisitors: 1 });
    expect(rows.find((r) => r.source === `qr:${idle.id}`)).toBeUndefined();
  });

  it("still redirect when the visitor is over the view limit, without counting", async () => {
    const event = await createEventRow(db, pro.id, "Limited");
    const item = { kind: "event", id: event.id } as const;
    const { id, url } = await qrOf(pro, item, "Poster");
    const visitor = randomUUID();
    for (let i = 0; i < limits.perVisitor.view; i++) {
      await consumeLimits([{ key: `eng:view:v:${visitor}`, limit: limits.perVisitor.view }], 60);
    }
    const limited = await scan(url, { visitor });
    expect(limited.status).toBe(302);
    expect(limited.headers.get("location")).toBe(`/${pro.slug}/evento/${event.slug}`);
    expect(await scansOf(pro, item, id)).toBe(0);
  });

  it("stay within their company", async () => {
    const event = await createEventRow(db, pro.id, "Own");
    const item = { kind: "event", id: event.id } as const;
    const { id, url } = await qrOf(pro, item, "Gate");
    const visitor = randomUUID();
    // On another company's host the code is a 404, and nothing is counted.
    expect((await scan(url, { visitor, host: `${other.slug}.localhost:3000` })).status).toBe(404);
    expect(await scansOf(pro, item, id)).toBe(0);
    // Another company's rows carrying the same source do not count for this company, nor the other way.
    await db.engagementEvent.create({
      data: { companyId: other.id, type: "scan", visitorId: visitor, source: `qr:${id}` },
    });
    expect(await scansOf(pro, item, id)).toBe(0);
    await scan(url, { visitor });
    expect(await scansOf(pro, item, id)).toBe(1);
    expect(await qrScans(other.id, [id])).toEqual(new Map([[id, 1]]));
    expect((await qrScans(pro.id, [id])).get(id)).toBe(1);
  });
});
