import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAuthHarness, type AuthHarness } from "./support/auth-harness";
import {
  auditRows,
  createContentRow,
  createEventRow,
  createLeadRow,
  createTenant,
  gatedSingle,
  type Tenant,
} from "./support/tenants";
import { requestHeaders, setRequestHeaders } from "./support/next-mocks";
import { encodeCursor } from "@/lib/core/pagination/keyset";

// The leads list, its CSV export, the person export and deletion: lib/leads against a real
// database, and the route handlers and the action called as Next calls them (the session
// cookie of a real sign-in reaches the guard through `next/headers`).

let h: AuthHarness;
let leads: typeof import("@/lib/features/leads/queries");
let csvRoute: typeof import("@/app/api/admin/leads.csv/route");
let personRoute: typeof import("@/app/api/admin/leads/[id]/export/route");
let actions: typeof import("@/lib/features/leads/actions");
let a: Tenant;
let b: Tenant;
type Key =
  "festival" | "acoustic" | "pdf" | "photos" | "ana" | "anaPhotos" | "bruno" | "formula" | "theirAna";
const ids = {} as Record<Key, string>;

const day = (iso: string) => new Date(`${iso}Z`);
const page1 = {} as const;

beforeAll(async () => {
  h = await startAuthHarness();
  leads = await import("@/lib/features/leads/queries");
  csvRoute = await import("@/app/api/admin/leads.csv/route");
  personRoute = await import("@/app/api/admin/leads/[id]/export/route");
  actions = await import("@/lib/features/leads/actions");
  [a, b] = [await createTenant(h.prisma, { users: h }), await createTenant(h.prisma, { users: h })];

  const festival = await createEventRow(h.prisma, a.id, "Festival");
  const acoustic = await createEventRow(h.prisma, a.id, "Acoustic");
  const pdf = await createContentRow(h.prisma, a.id, {
    title: "Setlist PDF",
    eventIds: [festival.id],
    ...gatedSingle,
  });
  const photos = await createContentRow(h.prisma, a.id, { title: "Photo pack", ...gatedSingle });
  const theirs = await createContentRow(h.prisma, b.id, { title: "Their PDF", ...gatedSingle });
  ids.festival = festival.id;
  ids.acoustic = acoustic.id;
  ids.pdf = pdf.id;
  ids.photos = photos.id;

  const add = async (key: Key, lead: Parameters<typeof createLeadRow>[1]) => {
    ids[key] = (await createLeadRow(h.prisma, lead)).id;
  };
  // Company A: festival through content_event (pdf), acoustic through lead.eventId (photos).
  await add("ana", {
    companyId: a.id,
    name: "Ana Silva",
    email: "ana@example.com",
    phone: "+351 912 000 111",
    contentId: pdf.id,
    createdAt: day("2026-11-01T09:00:00"),
  });
  // Ana came through a link shared on WhatsApp (the source the engagement write stored).
  await h.prisma.lead.update({ where: { id: ids.ana }, data: { source: "ch:whatsapp" } });
  await add("anaPhotos", {
    companyId: a.id,
    name: "Ana Silva",
    email: "ana@example.com",
    contentId: photos.id,
    eventId: acoustic.id,
    createdAt: day("2026-11-05T23:59:59"),
  });
  await add("bruno", {
    companyId: a.id,
    name: 'Bruno "B", Jr.\nsecond line',
    email: "bruno@example.com",
    companyName: "Acme Records",
    contentId: photos.id,
    createdAt: day("2026-11-06T00:00:00"),
  });
  await add("formula", {
    companyId: a.id,
    name: "=HYPERLINK(1)",
    email: "carla@example.com",
    phone: "555-0100",
    contentId: pdf.id,
    createdAt: day("2026-11-10T12:00:00"),
  });
  // Company B: the same person and names, which must never show up for A.
  await add("theirAna", {
    companyId: b.id,
    name: "Ana Silva",
    email: "ana@example.com",
    contentId: theirs.id,
    createdAt: day("2026-11-02T09:00:00"),
  });
});
afterAll(async () => {
  await h?.close();
});

const names = (list: { items: { name: string }[] }) => list.items.map((l) => l.name);
const call = <P>(
  handler: (r: Request, c: { params: Promise<P> }) => Promise<Response>,
  url: string,
  params: P,
) =>
  handler(new Request(`http://localhost:3999${url}`, { headers: requestHeaders() }), {
    params: Promise.resolve(params),
  });

describe("listLeads", () => {
  it("lists the company's leads newest first, with content and event, and nothing of another company", async () => {
    const list = await leads.listLeads(a.as("manager"), page1);
    expect(list.total).toBe(4);
    expect(list.items.map((l) => l.id)).toEqual([ids.formula, ids.bruno, ids.anaPhotos, ids.ana]);
    expect(list.items.find((l) => l.id === ids.ana)).toMatchObject({
      contentTitle: "Setlist PDF",
      eventName: "Festival",
      phone: "+351 912 000 111",
      consent: true,
    });
    expect(list.items.find((l) => l.id === ids.anaPhotos)).toMatchObject({ eventName: "Acoustic" });
    expect(list.items.map((l) => l.id)).not.toContain(ids.theirAna);
  });

  it("searches name, e-mail, phone and company, case-insensitively", async () => {
    expect(names(await leads.listLeads(a.as("admin"), { q: "ana SILVA" }))).toEqual([
      "Ana Silva",
      "Ana Silva",
    ]);
    expect((await leads.listLeads(a.as("admin"), { q: "BRUNO@" })).items.map((l) => l.id)).toEqual([
      ids.bruno,
    ]);
    expect((await leads.listLeads(a.as("admin"), { q: "912 000" })).items.map((l) => l.id)).toEqual([
      ids.ana,
    ]);
    expect((await leads.listLeads(a.as("admin"), { q: "acme" })).items.map((l) => l.id)).toEqual([ids.bruno]);
    expect((await leads.listLeads(b.as("admin"), { q: "ana" })).items.map((l) => l.id)).toEqual([
      ids.theirAna,
    ]);
  });

  it("filters by content, by event (linked content or the lead's own event) and by UTC days", async () => {
    const byContent = await leads.listLeads(a.as("admin"), { contentId: ids.pdf });
    expect(byContent.items.map((l) => l.id)).toEqual([ids.formula, ids.ana]);

    const festival = await leads.listLeads(a.as("admin"), { eventId: ids.festival });
    expect(festival.items.map((l) => l.id)).toEqual([ids.formula, ids.ana]);
    const acoustic = await leads.listLeads(a.as("admin"), { eventId: ids.acoustic });
    expect(acoustic.items.map((l) => l.id)).toEqual([ids.anaPhotos]);

    // `to` includes its whole day (23:59:59); the next day starts at 00:00 UTC.
    const range = await leads.listLeads(a.as("admin"), { from: "2026-11-01", to: "2026-11-05" });
    expect(range.items.map((l) => l.id)).toEqual([ids.anaPhotos, ids.ana]);
    const from = await leads.listLeads(a.as("admin"), { from: "2026-11-06" });
    expect(from.items.map((l) => l.id)).toEqual([ids.formula, ids.bruno]);

    // Another company's content id finds nothing for A.
    const foreign = await leads.listLeads(a.as("admin"), { contentId: "nope" });
    expect(foreign.total).toBe(0);
  });

  it("shows each lead's source by its label (direct for none)", async () => {
    const list = await leads.listLeads(a.as("admin"), {});
    const byId = new Map(list.items.map((l) => [l.id, l]));
    expect(byId.get(ids.ana)).toMatchObject({ source: "ch:whatsapp", sourceLabel: "WhatsApp" });
    expect(byId.get(ids.bruno)).toMatchObject({ source: null, sourceLabel: "direct" });
  });

  it("pages by 25 with the total", async () => {
    const c = await createTenant(h.prisma, { users: h });
    await h.prisma.lead.createMany({
      data: Array.from({ length: 30 }, (_, i) => ({
        companyId: c.id,
        name: `Fan ${i}`,
        email: `fan${i}@example.com`,
        createdAt: new Date(Date.UTC(2026, 10, 1, 0, i)),
      })),
    });
    const first = await leads.listLeads(c.as("admin"), {});
    const second = await leads.listLeads(c.as("admin"), { cursor: first.nextCursor! });
    expect([first.total, first.items.length, second.items.length, second.nextCursor]).toEqual([
      30,
      25,
      5,
      null,
    ]);
    expect(first.items[0]!.name).toBe("Fan 29");
    expect(second.items.at(-1)!.name).toBe("Fan 0");
    expect(new Set([...first.items, ...second.items].map((l) => l.id)).size).toBe(30);
    // Past the end (the rows after the cursor gone): nothing, and the way back to the first page.
    const lastLead = second.items.at(-1)!;
    const pastEnd = await leads.listLeads(c.as("admin"), {
      cursor: encodeCursor({ createdAt: lastLead.createdAt, id: lastLead.id }),
    });
    expect(pastEnd).toMatchObject({ items: [], atStart: false, previousCursor: null, nextCursor: null });
  });

  it("audits each read as lead_data_access without personal data", async () => {
    const c = await createTenant(h.prisma, { users: h });
    await leads.listLeads(c.as("manager"), { q: "ana@example.com", from: "2026-11-01" });
    const [row] = await auditRows(h.prisma, c.id);
    expect(row).toMatchObject({ tableName: "lead", userId: c.as("manager").userId });
    expect(row!.details).toEqual({
      operation: "list",
      filters: { search: true, from: "2026-11-01" },
      page: "first",
      count: 0,
      total: 0,
    });
  });
});

describe("GET /api/admin/leads.csv", () => {
  it("answers 401 JSON without a session and 403 to a member with the user role", async () => {
    const anonymous = await call(csvRoute.GET, "/api/admin/leads.csv", {});
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ code: "unauthorized" });

    await h.actAs(a.emails.user);
    const fan = await call(csvRoute.GET, "/api/admin/leads.csv", {});
    expect(fan.status).toBe(403);
    expect(await fan.json()).toMatchObject({ code: "forbidden" });
  });

  it("streams a UTF-8 CSV with BOM, header, escaped fields and only the company's leads", async () => {
    await h.actAs(a.emails.manager);
    const before = (await auditRows(h.prisma, a.id)).length;
    const res = await call(csvRoute.GET, "/api/admin/leads.csv", {});
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"$/,
    );

    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    const lines = text.split("\r\n");
    expect(lines[0]).toBe(
      "id,name,email,phone,company,consent,consent_date,marketing_consent,marketing_consent_date,content,event,source,locale,created_at,updated_at",
    );
    expect(text.endsWith("\r\n")).toBe(true);
    // The name with a quote, a comma and a newline stays one quoted field.
    expect(text).toContain(
      `${ids.bruno},"Bruno ""B"", Jr.\nsecond line",bruno@example.com,,Acme Records,yes,2026-11-06T00:00:00.000Z,no,,Photo pack,,direct,pt,2026-11-06T00:00:00.000Z,2026-11-06T00:00:00.000Z\r\n`,
    );
    // Formula-looking fields are neutralised.
    expect(text).toContain(`${ids.formula},'=HYPERLINK(1),carla@example.com,555-0100,`);
    expect(text).toContain(`${ids.ana},Ana Silva,ana@example.com,'+351 912 000 111,,yes,`);
    // Each lead's source, by its label.
    expect(text).toMatch(new RegExp(`${ids.ana},Ana Silva,[^\r]*,Setlist PDF,Festival,WhatsApp,`));
    expect(text).not.toContain(ids.theirAna);
    // Header + 4 leads + the empty string after the last CRLF (one lead spans two lines).
    expect(text.match(/\r\n/g)).toHaveLength(5);

    const audits = await auditRows(h.prisma, a.id);
    expect(audits).toHaveLength(before + 1);
    expect(audits.at(-1)!.details).toEqual({ operation: "export_csv", filters: {}, count: 4 });
  });

  it("applies the same filters as the list, and ignores bad ones", async () => {
    await h.actAs(a.emails.admin);
    const res = await call(
      csvRoute.GET,
      `/api/admin/leads.csv?eventId=${ids.festival}&from=2026-11-02&to=not-a-date&page=x`,
      {},
    );
    const text = await res.text();
    expect(text).toContain(ids.formula);
    expect(text).not.toContain(ids.ana);
    expect(text).not.toContain(ids.bruno);
    expect((await auditRows(h.prisma, a.id)).at(-1)!.details).toEqual({
      operation: "export_csv",
      filters: { eventId: ids.festival, from: "2026-11-02" },
      count: 1,
    });

    const search = await (await call(csvRoute.GET, "/api/admin/leads.csv?q=ANA", {})).text();
    expect(search).toContain(ids.ana);
    expect(search).toContain(ids.anaPhotos);
    expect(search).not.toContain(ids.bruno);
    expect(search).not.toContain(ids.theirAna);
  });
});

describe("GET /api/admin/leads/{id}/export", () => {
  it("downloads every lead of that e-mail in the company, audited", async () => {
    await h.actAs(a.emails.manager);
    const res = await call(personRoute.GET, `/api/admin/leads/${ids.ana}/export`, { id: ids.ana });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("content-disposition")).toMatch(
      new RegExp(`^attachment; filename="lead-${ids.ana}-\\d{4}-\\d{2}-\\d{2}\\.json"$`),
    );
    const body = (await res.json()) as { email: string; leads: { id: string; contentTitle: string }[] };
    expect(body.email).toBe("ana@example.com");
    expect(body.leads.map((l) => l.id)).toEqual([ids.anaPhotos, ids.ana]);
    expect(body.leads.map((l) => l.contentTitle)).toEqual(["Photo pack", "Setlist PDF"]);

    const audit = (await auditRows(h.prisma, a.id)).at(-1)!;
    expect(audit).toMatchObject({ recordId: ids.ana, userId: a.as("manager").userId });
    expect(audit.details).toEqual({ operation: "export_person", count: 2 });
  });

  it("answers 404 for another company's lead and 401 without a session", async () => {
    await h.actAs(a.emails.admin);
    const theirs = await call(personRoute.GET, `/api/admin/leads/${ids.theirAna}/export`, {
      id: ids.theirAna,
    });
    expect(theirs.status).toBe(404);
    expect(await theirs.json()).toMatchObject({
      code: "not_found",
      messageKey: "admin.leads.errors.notFound",
    });

    setRequestHeaders(new Headers());
    expect((await call(personRoute.GET, `/api/admin/leads/${ids.ana}/export`, { id: ids.ana })).status).toBe(
      401,
    );
  });
});

describe("deleteLeadAction", () => {
  it("refuses a manager and a member with the user role", async () => {
    await h.actAs(a.emails.manager);
    expect(await actions.deleteLeadAction(ids.formula)).toEqual({
      ok: false,
      code: "forbidden",
      message: "admin.leads.errors.onlyAdminsDelete",
      values: {},
      fieldErrors: {},
    });
    await h.actAs(a.emails.user);
    expect(await actions.deleteLeadAction(ids.formula)).toMatchObject({ ok: false, code: "forbidden" });
    expect(await h.prisma.lead.count({ where: { id: ids.formula } })).toBe(1);
  });

  it("does not touch another company's lead (404)", async () => {
    await h.actAs(a.emails.admin);
    expect(await actions.deleteLeadAction(ids.theirAna)).toMatchObject({
      ok: false,
      code: "not_found",
      message: "admin.leads.errors.notFound",
    });
    expect(await actions.deleteLeadAction("x".repeat(200))).toMatchObject({ ok: false, code: "not_found" });
    expect(await h.prisma.lead.count({ where: { id: ids.theirAna } })).toBe(1);
  });

  it("lets an admin delete a lead of the company, audited", async () => {
    await h.actAs(a.emails.admin);
    expect(await actions.deleteLeadAction(ids.formula)).toEqual({ ok: true, data: undefined });
    expect(await h.prisma.lead.count({ where: { id: ids.formula } })).toBe(0);
    const audit = (await auditRows(h.prisma, a.id)).at(-1)!;
    expect(audit).toMatchObject({ tableName: "lead", recordId: ids.formula, userId: a.as("admin").userId });
    expect(audit.details).toEqual({ operation: "delete", count: 1 });
    expect(await actions.deleteLeadAction(ids.formula)).toMatchObject({ ok: false, code: "not_found" });
  });
});
