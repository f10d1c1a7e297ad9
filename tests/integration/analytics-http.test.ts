import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { addDays, dayOf } from "@/lib/features/analytics/range";
import { startAuthHarness, type AuthHarness } from "./support/auth-harness";
import { createContentRow, createEventRow, createTenant, gatedSingle, type Tenant } from "./support/tenants";
import { requestHeaders } from "./support/next-mocks";

// GET /api/admin/analytics.csv as Next calls it: the session cookie of a real sign-in reaches
// the guard through `next/headers`; the figures come from rows in a real database.

let h: AuthHarness;
let route: typeof import("@/app/api/admin/analytics.csv/route");
let a: Tenant;
let b: Tenant;
const ids: Record<"festival" | "tricky" | "plain" | "theirs", string> = {
  festival: "",
  tricky: "",
  plain: "",
  theirs: "",
};
// An injected clock: noon of the day the file starts, for every Date of this process (the
// route's default range, the rows' stamps), so a run across 00:00 UTC sees one day throughout.
const NOW = new Date(`${dayOf(new Date())}T12:00:00Z`);
vi.useFakeTimers({ toFake: ["Date"], now: NOW });
const today = dayOf(NOW);

beforeAll(async () => {
  h = await startAuthHarness();
  route = await import("@/app/api/admin/analytics.csv/route");
  [a, b] = [await createTenant(h.prisma, { users: h }), await createTenant(h.prisma, { users: h })];
  ids.festival = (await createEventRow(h.prisma, a.id, 'Summer, "Live" Fest')).id;
  ids.tricky = (
    await createContentRow(h.prisma, a.id, {
      title: 'Backstage, "raw"\ncut',
      eventIds: [ids.festival],
      ...gatedSingle,
    })
  ).id;
  ids.plain = (await createContentRow(h.prisma, a.id, { title: "=HYPERLINK(1)", ...gatedSingle })).id;
  ids.theirs = (await createContentRow(h.prisma, b.id, { title: "Their video", ...gatedSingle })).id;
  const row = (
    companyId: string,
    contentId: string,
    type: "view" | "download" | "lead",
    visitorId: string,
    source: string | null = null,
  ) => ({
    companyId,
    contentId,
    type,
    visitorId,
    source,
    createdAt: NOW,
  });
  await h.prisma.engagementEvent.createMany({
    data: [
      row(a.id, ids.tricky, "view", "v1", "ch:whatsapp"),
      row(a.id, ids.tricky, "view", "v2"),
      row(a.id, ids.tricky, "download", "v1", "ch:whatsapp"),
      row(a.id, ids.plain, "view", "v1", "ref:instagram.com"),
      row(b.id, ids.theirs, "view", "v9", "ch:whatsapp"),
      row(b.id, ids.theirs, "view", "v8", "utm:theirs"),
    ],
  });
  await h.prisma.lead.create({
    data: {
      companyId: a.id,
      contentId: ids.tricky,
      name: "Ana",
      email: "ana@example.com",
      source: "ch:whatsapp",
      createdAt: NOW,
    },
  });
});
afterAll(async () => {
  vi.useRealTimers();
  await h?.close();
});

const get = (query: string) =>
  route.GET(
    new Request(`http://localhost:3999/api/admin/analytics.csv${query}`, { headers: requestHeaders() }),
    {
      params: Promise.resolve({}),
    },
  );

async function csvLines(res: Response): Promise<string[]> {
  const bytes = new Uint8Array(await res.arrayBuffer());
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return new TextDecoder().decode(bytes.slice(3)).split("\r\n");
}

describe("GET /api/admin/analytics.csv", () => {
  it("answers 401 without a session and 403 to a member with the user role", async () => {
    expect((await get("")).status).toBe(401);
    await h.actAs(a.emails.user);
    expect((await get("")).status).toBe(403);
  });

  it("exports per content: BOM, header, escaped fields, only the company's contents", async () => {
    await h.actAs(a.emails.manager);
    const from = addDays(today, -6);
    const res = await get(`?by=content&from=${from}&to=${today}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="analytics-content-${from}-to-${today}.csv"`,
    );
    const lines = await csvLines(res);
    expect(lines[0]).toBe(
      "content_id,content,kind,from,to,views,unique_visitors,likes,shares,comments,downloads,leads,watch_seconds",
    );
    // Most viewed first; a title with a comma, quotes and a newline stays one field.
    // (Records end with CRLF; the newline inside the quoted title is a bare LF.)
    expect(lines[1]).toBe(`${ids.tricky},"Backstage, ""raw""\ncut",single,${from},${today},2,2,0,0,0,1,1,0`);
    expect(lines[2]).toBe(`${ids.plain},'=HYPERLINK(1),single,${from},${today},1,1,0,0,0,0,0,0`);
    expect(lines.at(-1)).toBe("");
    expect(lines.join("\n")).not.toContain("Their video");
  });

  it("exports per event with the default range (the last 30 days)", async () => {
    await h.actAs(a.emails.admin);
    const res = await get("?by=event");
    expect(res.status).toBe(200);
    const lines = await csvLines(res);
    expect(lines[0]).toMatch(/^event_id,event,event_date,from,to,views,/);
    expect(lines[1]).toBe(
      `${ids.festival},"Summer, ""Live"" Fest",2026-07-18,${addDays(today, -29)},${today},2,2,0,0,0,1,1,0`,
    );
  });

  it("exports by source: the contract's header, direct for none, most viewed first, only the company's", async () => {
    await h.actAs(a.emails.manager);
    const from = addDays(today, -6);
    const res = await get(`?by=source&from=${from}&to=${today}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="analytics-source-${from}-to-${today}.csv"`,
    );
    expect(await csvLines(res)).toEqual([
      "source,label,views,unique_visitors,likes,shares,downloads,leads",
      "ch:whatsapp,WhatsApp,1,1,0,0,1,1",
      "direct,direct,1,1,0,0,0,0",
      "ref:instagram.com,instagram.com,1,1,0,0,0,0",
      "",
    ]);
    // Company B sees its own sources only.
    await h.actAs(b.emails.admin);
    expect(await csvLines(await get(`?by=source&from=${from}&to=${today}`))).toEqual([
      "source,label,views,unique_visitors,likes,shares,downloads,leads",
      "ch:whatsapp,WhatsApp,1,1,0,0,0,0",
      "utm:theirs,utm: theirs,1,1,0,0,0,0",
      "",
    ]);
  });

  it("refuses bad parameters with 422 and the message to show", async () => {
    await h.actAs(a.emails.admin);
    const cases: [string, string, string][] = [
      ["?from=2026-02-31", "from", "admin.analytics.errors.invalidDate"],
      ["?from=0000-01-01&to=0000-01-05", "from", "admin.analytics.errors.invalidDate"],
      ["?from=2026-11-10&to=2026-11-01", "from", "admin.analytics.errors.fromAfterTo"],
      ["?to=2026-13-01", "to", "admin.analytics.errors.invalidDate"],
      ["?from=2020-01-01&to=2026-01-01", "from", "admin.analytics.errors.tooLong"],
      ["?by=person", "by", "admin.analytics.errors.invalidBreakdown"],
    ];
    for (const [query, field, message] of cases) {
      const res = await get(query);
      expect(res.status, query).toBe(422);
      expect(await res.json()).toMatchObject({
        code: "validation",
        messageKey: message,
        fieldErrors: { [field]: message },
      });
    }
  });
});
