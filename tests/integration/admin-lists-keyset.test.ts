import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/core/db";
import { encodeCursor, type KeysetLinks, type KeysetRequest } from "@/lib/core/pagination/keyset";
import { CONTENT_PAGE_SIZE, listContents } from "@/lib/features/content/queries";
import { contentListSchema } from "@/lib/features/content/schemas";
import { EVENTS_PAGE_SIZE, listEvents } from "@/lib/features/events/queries";
import { eventListSchema } from "@/lib/features/events/schemas";
import { listLeads } from "@/lib/features/leads/queries";
import { LEADS_PAGE_SIZE, leadFiltersSchema } from "@/lib/features/leads/schemas";
import { createTenant, type Tenant } from "./support/tenants";

/**
 * The admin lists (contents, events, leads) page by keyset (lib/core/pagination/keyset.ts):
 * whatever is added while someone pages, forward or back, every row is shown exactly once; a
 * cursor is only a position, so one made from another company's row shows nothing of it; one
 * that is not ours starts the list from the top.
 */

type Page = KeysetLinks & { items: { id: string }[] };

interface ListCase {
  name: string;
  pageSize: number;
  /** Rows of `company` at these instants, with fresh random ids (so ties fall either way of an id). */
  insert(company: Tenant, at: Date[]): Promise<string[]>;
  load(company: Tenant, request: KeysetRequest): Promise<Page>;
  /** The company's rows in the list's order, in one query. */
  allInOrder(company: Tenant): Promise<string[]>;
  /** What the list's page parses from its URL. */
  parse(query: Record<string, string>): KeysetRequest;
  /** The position a row's cursor holds (the order's timestamp). */
  positionOf(id: string): Promise<{ createdAt: Date; id: string }>;
}

const base = Date.UTC(2026, 10, 1, 12);
const minutes = (n: number) => new Date(base + n * 60_000);

const lists: ListCase[] = [
  {
    name: "contents (last changed first)",
    pageSize: CONTENT_PAGE_SIZE,
    async insert(company, at) {
      const ids = at.map(() => randomUUID());
      await db.content.createMany({
        data: at.map((updatedAt, i) => ({
          id: ids[i],
          companyId: company.id,
          title: `Content ${i}`,
          kind: "single" as const,
          createdAt: updatedAt,
          updatedAt,
        })),
      });
      return ids;
    },
    load: (company, request) => listContents(company.id, request),
    allInOrder: async (company) =>
      (
        await db.content.findMany({
          where: { companyId: company.id },
          orderBy: [{ updatedAt: "desc" }, { id: "asc" }],
        })
      ).map((row) => row.id),
    parse: (query) => contentListSchema.parse(query),
    async positionOf(id) {
      const row = await db.content.findUniqueOrThrow({ where: { id } });
      return { createdAt: row.updatedAt, id };
    },
  },
  {
    name: "events (latest start first)",
    pageSize: EVENTS_PAGE_SIZE,
    async insert(company, at) {
      const ids = at.map(() => randomUUID());
      await db.event.createMany({
        data: at.map((startsAt, i) => ({
          id: ids[i],
          companyId: company.id,
          name: `Event ${i}`,
          slug: `event-${ids[i]}`,
          startsAt,
        })),
      });
      return ids;
    },
    load: (company, request) => listEvents(company.id, request),
    allInOrder: async (company) =>
      (
        await db.event.findMany({
          where: { companyId: company.id },
          orderBy: [{ startsAt: "desc" }, { id: "asc" }],
        })
      ).map((row) => row.id),
    parse: (query) => eventListSchema.parse(query),
    async positionOf(id) {
      const row = await db.event.findUniqueOrThrow({ where: { id } });
      return { createdAt: row.startsAt, id };
    },
  },
  {
    name: "leads (newest first)",
    pageSize: LEADS_PAGE_SIZE,
    async insert(company, at) {
      const ids = at.map(() => randomUUID());
      await db.lead.createMany({
        data: at.map((createdAt, i) => ({
          id: ids[i],
          companyId: company.id,
          name: `Fan ${i}`,
          email: `fan-${ids[i]}@example.com`,
          createdAt,
        })),
      });
      return ids;
    },
    load: (company, request) => listLeads(company.as("admin"), request),
    allInOrder: async (company) =>
      (
        await db.lead.findMany({
          where: { companyId: company.id },
          orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        })
      ).map((row) => row.id),
    parse: (query) => leadFiltersSchema.parse(query),
    async positionOf(id) {
      const row = await db.lead.findUniqueOrThrow({ where: { id } });
      return { createdAt: row.createdAt, id };
    },
  },
];

/** Pages forward from the top, calling `between` after each page but the last. */
async function pageForward(load: (request: KeysetRequest) => Promise<Page>, between: () => Promise<void>) {
  const pages: Page[] = [];
  let request: KeysetRequest = {};
  for (;;) {
    const page = await load(request);
    pages.push(page);
    if (!page.nextCursor) return pages;
    expect(pages.length).toBeLessThan(20);
    await between();
    request = { cursor: page.nextCursor };
  }
}

/** Pages back from `page` to the top, calling `between` before each load. */
async function pageBack(
  page: Page,
  load: (request: KeysetRequest) => Promise<Page>,
  between: () => Promise<void>,
) {
  const pages = [page];
  while (!pages.at(-1)!.atStart) {
    expect(pages.length).toBeLessThan(20);
    await between();
    pages.push(await load({ before: pages.at(-1)!.previousCursor! }));
  }
  return pages;
}

const idsOf = (pages: Page[]) => pages.flatMap((page) => page.items.map((item) => item.id));

/** How often each of `ids` was shown. */
function timesShown(shown: string[], ids: string[]) {
  return ids.map((id) => shown.filter((s) => s === id).length);
}

describe.each(lists)("the admin list of $name", (list) => {
  let company: Tenant;
  let other: Tenant;
  let originals: string[];
  let theirs: string[];

  beforeAll(async () => {
    [company, other] = [await createTenant(db), await createTenant(db)];
    // Two and a half pages, two rows at each instant: the id orders each pair.
    const count = Math.round(list.pageSize * 2.5);
    originals = await list.insert(
      company,
      Array.from({ length: count }, (_, i) => minutes(Math.floor(i / 2))),
    );
    theirs = await list.insert(other, [minutes(-10), minutes(5), minutes(1000)]);
  });

  /** Rows added between page loads: one at the top, one among the rows already paged, one tied with them. */
  let added = 0;
  const addRows = async () => {
    const n = ++added;
    await list.insert(company, [minutes(10_000 + n), minutes(n % 20), minutes(Math.floor(n / 2))]);
  };

  it("shows every row exactly once, paging forward while rows are added", async () => {
    const pages = await pageForward((request) => list.load(company, request), addRows);
    const shown = idsOf(pages);
    expect(timesShown(shown, originals)).toEqual(originals.map(() => 1));
    expect(new Set(shown).size).toBe(shown.length);
    expect(shown.filter((id) => theirs.includes(id))).toEqual([]);
    expect(pages[0]).toMatchObject({ atStart: true, previousCursor: null });
    expect(pages.every((page) => page.items.length <= list.pageSize)).toBe(true);
  });

  it("shows every row exactly once, paging back from the last page while rows are added", async () => {
    const forward = await pageForward(
      (request) => list.load(company, request),
      async () => undefined,
    );
    const back = await pageBack(forward.at(-1)!, (request) => list.load(company, request), addRows);
    const shown = idsOf(back);
    expect(timesShown(shown, originals)).toEqual(originals.map(() => 1));
    expect(new Set(shown).size).toBe(shown.length);
    expect(back.at(-1)).toMatchObject({ atStart: true, previousCursor: null });
  });

  it("pages in the list's order (ties by id), forward and back, as one query over all rows", async () => {
    const forward = await pageForward(
      (request) => list.load(company, request),
      async () => undefined,
    );
    const all = await list.allInOrder(company);
    expect(idsOf(forward)).toEqual(all);
    const back = await pageBack(
      forward.at(-1)!,
      (request) => list.load(company, request),
      async () => undefined,
    );
    expect(idsOf(back.reverse())).toEqual(all);
    // Without changes, every page back is a whole page, the first as it was shown first.
    expect(back.map((page) => page.items.length)).toEqual(forward.map((page) => page.items.length));
  });

  it("shows nothing of another company for a cursor made from one of its rows", async () => {
    for (const id of theirs) {
      const cursor = encodeCursor(await list.positionOf(id));
      for (const request of [{ cursor }, { before: cursor }]) {
        const page = await list.load(company, request);
        expect(page.items.filter((item) => theirs.includes(item.id))).toEqual([]);
      }
    }
    // And the other way round: a position among this company's rows shows only the other's.
    const mine = encodeCursor(await list.positionOf(originals[10]!));
    const page = await list.load(other, { cursor: mine });
    expect(page.items.every((item) => theirs.includes(item.id))).toBe(true);
  });

  it("starts from the top for a cursor that is not ours", async () => {
    const top = (await list.load(company, {})).items.map((item) => item.id);
    const notOurs: Record<string, string>[] = [
      { cursor: "garbage!" },
      { before: "garbage!" },
      { cursor: Buffer.from("yesterday|x").toString("base64url") },
      { cursor: "x".repeat(500) },
    ];
    for (const query of notOurs) {
      const request = list.parse(query);
      const page = await list.load(company, request);
      expect(page.items.map((item) => item.id)).toEqual(top);
      expect(page.atStart).toBe(true);
    }
  });
});
