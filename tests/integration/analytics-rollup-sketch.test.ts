import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  countersQuery,
  exactUniqueBy,
  listSourceRows,
  sketchesQuery,
} from "@/lib/features/analytics/dimensions";
import { getAnalyticsReport } from "@/lib/features/analytics/queries";
import { addDays, dayOf, type DayRange } from "@/lib/features/analytics/range";
import { readWatermark, rollUpAnalytics } from "@/lib/features/analytics/rollup";
import { db } from "@/lib/core/db";
import { A, B, C, engagementTestEnv, type EngagementTestEnv } from "./support/engagement";

// The roll-up by dimension over five months of history: counts equal the raw rows', unique
// visitors are exact for short ranges and within the sketch's error for long ones, the figures
// are the same before and after the roll-up, and the long-range reads use the roll-up's index,
// never a scan of engagement_event.

let env: EngagementTestEnv;
const NOW = new Date(`${dayOf(new Date())}T12:00:00Z`);
const today = dayOf(NOW);
const HISTORY_DAYS = 150;
const SOURCES = [null, "ch:whatsapp", "qr:abcdefgh12", "ref:instagram.com", "utm:newsletter"];
const long: DayRange = { from: addDays(today, -(HISTORY_DAYS - 1)), to: today };
const short: DayRange = { from: addDays(today, -19), to: today };

beforeAll(async () => {
  env = await engagementTestEnv();
  // Each day: 12 views from a rotating crowd of 1 500 visitors (more than the exact-count
  // threshold over the long range, fewer over the short one), a like, a share or a download,
  // a source per visitor; company B does the same (never in A's figures).
  const rows = [];
  for (let d = 0; d < HISTORY_DAYS; d++) {
    const createdAt = new Date(`${addDays(today, -d)}T10:00:00Z`);
    for (let i = 0; i < 12; i++) {
      const n = (d * 12 + i) % 1500;
      const visitorId = `visitor-${n}`;
      const source = SOURCES[n % SOURCES.length]!;
      const contentId = i % 2 ? C.open : C.gated;
      rows.push({ companyId: A, contentId, type: "view" as const, visitorId, source, createdAt });
      rows.push({
        companyId: B,
        contentId: C.otherGated,
        type: "view" as const,
        visitorId,
        source,
        createdAt,
      });
    }
    const visitorId = `visitor-${d % 1500}`;
    const source = SOURCES[d % SOURCES.length]!;
    const type = (["like", "share", "download"] as const)[d % 3]!;
    rows.push({ companyId: A, contentId: C.open, type, visitorId, source, createdAt });
  }
  await env.db.engagementEvent.createMany({ data: rows });
  for (let d = 0; d < HISTORY_DAYS; d += 10) {
    await env.db.lead.create({
      data: {
        companyId: A,
        contentId: C.gated,
        name: "Fan",
        email: `fan${d}@example.com`,
        source: SOURCES[d % SOURCES.length],
        createdAt: new Date(`${addDays(today, -d)}T11:00:00Z`),
      },
    });
  }
});
afterAll(async () => {
  await env?.close();
});

async function figures(range: DayRange) {
  const [report, sources] = await Promise.all([
    getAnalyticsReport(A, range, "content"),
    listSourceRows(A, range),
  ]);
  return { report, sources };
}

async function rawViews(range: DayRange): Promise<number> {
  return env.db.engagementEvent.count({
    where: {
      companyId: A,
      type: "view",
      createdAt: {
        gte: new Date(`${range.from}T00:00:00Z`),
        lt: new Date(`${addDays(range.to, 1)}T00:00:00Z`),
      },
    },
  });
}

describe("the roll-up with sketches", () => {
  let before: Awaited<ReturnType<typeof figures>>[];

  it("has figures equal to the raw rows and unique visitors within the sketch's error", async () => {
    before = await Promise.all([figures(long), figures(short)]);
    const [l, s] = before;
    // Few visitors are counted exactly; the long range is tested as a busy company's would be.
    expect(s!.report.overview.uniqueVisitorsExact).toBe(true);
    expect(l!.report.overview.totals.views).toBe(await rawViews(long));
    expect(l!.report.overview.totals.leads).toBe(HISTORY_DAYS / 10);
    expect(s!.report.overview.totals.views).toBe(await rawViews(short));

    const exactLong = (await exactUniqueBy(A, long, "all")).get("")!;
    expect(exactLong).toBe(1500);
    expect(l!.report.overview.uniqueVisitorsExact).toBe(false);
    const estimate = l!.report.overview.totals.uniqueVisitors;
    // Three standard errors of the sketch (1.6 % each): the hash is deterministic, so this
    // cannot flake, and a broken sketch (wrong registers, lost merges) is far outside it.
    expect(estimate).not.toBe(0);
    expect(Math.abs(estimate - exactLong) / exactLong).toBeLessThan(0.05);
    expect(s!.report.overview.totals.uniqueVisitors).toBe((await exactUniqueBy(A, short, "all")).get("")!);

    // By source: every view counted once, under its source; direct for none.
    const bySource = l!.sources;
    expect(bySource.map((r) => r.source).sort()).toEqual(
      ["direct", "ch:whatsapp", "qr:abcdefgh12", "ref:instagram.com", "utm:newsletter"].sort(),
    );
    expect(bySource.reduce((sum, r) => sum + r.views, 0)).toBe(await rawViews(long));
    expect(bySource.reduce((sum, r) => sum + r.leads, 0)).toBe(HISTORY_DAYS / 10);
    const exactBySource = await exactUniqueBy(A, long, "source");
    for (const row of bySource) {
      const exact = exactBySource.get(row.source === "direct" ? "" : row.source)!;
      expect(Math.abs(row.uniqueVisitors - exact) / exact).toBeLessThan(0.05);
    }
    expect(bySource.map((r) => r.views)).toEqual([...bySource.map((r) => r.views)].sort((a, b) => b - a));
  });

  it("changes no figure when the days are rolled up, and reads long ranges through the roll-up", async () => {
    const run = await rollUpAnalytics({ now: NOW });
    expect(run.throughDay).toBe(addDays(today, -1));
    expect(await Promise.all([figures(long), figures(short)])).toEqual(before);
    // Whole months have month rows.
    expect(
      await env.db.engagementRollupRow.count({ where: { companyId: A, span: "month" } }),
    ).toBeGreaterThan(0);
  });

  it("reads a long range from the roll-up's index, never scanning engagement_event or lead", async () => {
    const through = await readWatermark();
    const queries = [
      countersQuery(A, long, "content", through),
      countersQuery(A, long, "source", through),
      countersQuery(A, long, "all", through, true),
      sketchesQuery(A, long, "content", through),
      sketchesQuery(A, long, "all", through),
    ];
    for (const query of queries) {
      // The test tables are small enough for the planner to prefer scanning them whole; with
      // sequential scans priced out, a Seq Scan left in the plan means no index fits.
      const plan = await db.$transaction(async (tx) => {
        await tx.$executeRawUnsafe("SET LOCAL enable_seqscan = off");
        const rows = await tx.$queryRaw<{ "QUERY PLAN": unknown }[]>`EXPLAIN (FORMAT JSON) ${query}`;
        return JSON.stringify(rows[0]!["QUERY PLAN"]);
      });
      expect(plan).toContain('"Relation Name":"engagement_rollup"');
      expect(plan).toContain("engagement_rollup_pkey");
      expect(plan).not.toMatch(/"Node Type":"Seq Scan"/);
    }
  });
});
