import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Metrics } from "@/lib/features/analytics/metrics";
import {
  ALL_TIME,
  getAllTimeCounts,
  getAnalyticsOverview,
  getAnalyticsReport,
  getContentCounters,
  listAnalyticsRows,
} from "@/lib/features/analytics/queries";
import { addDays, dayOf, lastDays, type DayRange } from "@/lib/features/analytics/range";
import { lastClosedDayAt, readWatermark, rollUpAnalytics } from "@/lib/features/analytics/rollup";
import { postComment } from "@/lib/features/engagement/post-comment";
import { recordShare, recordView, recordWatchTime } from "@/lib/features/engagement/record-events";
import { requestDownload } from "@/lib/features/engagement/request-download";
import { toggleLike } from "@/lib/features/engagement/toggle-like";
import type { EngagementType } from "@/lib/generated/prisma/enums";
import { A, B, C, engagementTestEnv, type EngagementTestEnv } from "./support/engagement";

// Analytics over a real database: figures recorded through the public engagement API come
// back exactly, per company, content and event, and the daily roll-up changes no figure.

let env: EngagementTestEnv;
beforeAll(async () => {
  env = await engagementTestEnv();
});
afterAll(async () => {
  await env?.close();
});

const today = () => dayOf(new Date());
/** The last day the roll-up may close now (yesterday, or the day before in the first hour). */
const closed = () => lastClosedDayAt(new Date());
const lead = (email: string) => ({ name: "Rita Fan", email, consent: true });
const [v1, v2, v3, vb] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];

async function snapshot(range: DayRange) {
  const [overview, byContent, byEvent, allTime, counters] = await Promise.all([
    getAnalyticsOverview(A, range),
    listAnalyticsRows(A, range, "content"),
    listAnalyticsRows(A, range, "event"),
    getAllTimeCounts(A),
    getContentCounters(A, [C.open, C.gated, C.resource]),
  ]);
  return { overview, byContent, byEvent, allTime, counters: Object.fromEntries(counters) };
}

describe("analytics of what fans did", () => {
  beforeAll(async () => {
    // Company A, today, through the API the player calls.
    for (const v of [v1, v2, v3]) await recordView(C.open, v);
    await recordView(C.open, v1); // within 30 minutes: not a new view
    await recordView(C.gated, v1);
    await toggleLike(C.open, v1);
    await toggleLike(C.open, v2);
    await toggleLike(C.open, v2); // taken back
    await recordShare(C.open, v1, { channel: "whatsapp" });
    await recordShare(C.gated, v3, { channel: "copy-link" });
    await postComment(C.open, v1, { name: "", rating: 5, text: "Great night" });
    await requestDownload(C.gated, v1, { lead: lead("rita@example.com") }, "en");
    await requestDownload(C.gated, v1, {}, "en"); // lead on file: no new lead
    await recordWatchTime(C.open, v1, { seconds: 10 });
    await recordWatchTime(C.open, v2, { seconds: 7 });
    // Company B: must never show in A's figures.
    await recordView(C.otherGated, vb);
    await requestDownload(C.otherGated, vb, { lead: lead("b@example.com") }, "en");
  });

  const expected: Metrics = {
    views: 4,
    uniqueVisitors: 3,
    likes: 1,
    shares: 2,
    comments: 1,
    downloads: 2,
    leads: 1,
    watchSeconds: 17,
  };

  it("totals equal the events recorded, and company B's are not in them", async () => {
    const range = lastDays(30);
    const { overview } = await snapshot(range);
    expect(overview.totals).toEqual(expected);

    // The same figures straight from the rows.
    const count = (type: EngagementType) => env.db.engagementEvent.count({ where: { companyId: A, type } });
    expect(overview.totals.views).toBe(await count("view"));
    expect(overview.totals.likes).toBe((await count("like")) - (await count("unlike")));
    expect(overview.totals.downloads).toBe(await count("download"));
    expect(overview.totals.leads).toBe(await env.db.lead.count({ where: { companyId: A } }));

    expect(overview.series).toHaveLength(30);
    expect(overview.series.at(-1)).toEqual({ day: today(), ...withoutUnique(expected) });
    expect(overview.series.slice(0, -1).every((p) => p.views === 0)).toBe(true);
    expect(overview.topContent.map((c) => [c.id, c.views])).toEqual([
      [C.open, 3],
      [C.gated, 1],
    ]);
    expect(overview.media).toMatchObject({ images: expect.any(Number), documents: expect.any(Number) });
    expect(overview.media.images).toBe(
      await env.db.mediaFile.count({ where: { companyId: A, kind: "photo" } }),
    );
  });

  it("breaks the range down per content and per event (an event sums its linked contents)", async () => {
    const { byContent, byEvent } = await snapshot(lastDays(7));
    const open = byContent.find((r) => r.id === C.open);
    expect(open).toMatchObject({
      views: 3,
      uniqueVisitors: 3,
      likes: 1,
      shares: 1,
      comments: 1,
      watchSeconds: 17,
    });
    expect(byContent.find((r) => r.id === C.gated)).toMatchObject({ views: 1, downloads: 2, leads: 1 });
    expect(byContent.find((r) => r.id === C.resource)).toMatchObject({ views: 0, downloads: 0 });
    expect(byContent.some((r) => r.id === C.otherGated)).toBe(false);
    expect(byContent[0]?.id).toBe(C.open);

    // ev-public links open and gated; ev-second only open. v1 saw both: unique once.
    expect(byEvent.find((r) => r.id === "ev-public")).toMatchObject({
      views: 4,
      uniqueVisitors: 3,
      downloads: 2,
    });
    expect(byEvent.find((r) => r.id === "ev-second")).toMatchObject({
      views: 3,
      uniqueVisitors: 3,
      downloads: 0,
    });
    expect(byEvent.some((r) => r.id === "ev-b")).toBe(false);

    // The page's one call gives the same as the separate ones.
    const report = await getAnalyticsReport(A, lastDays(7), "event");
    expect(report.rows).toEqual(byEvent);
    expect(report.overview.totals).toEqual((await getAnalyticsOverview(A, lastDays(7))).totals);
  });

  it("gives the dashboard and the content list the same all-time counts", async () => {
    const { allTime, counters } = await snapshot(lastDays(1));
    expect(allTime).toEqual(withoutUnique(expected));
    expect(counters[C.open]).toMatchObject({ views: 3, likes: 1, downloads: 0 });
    expect(counters[C.gated]).toMatchObject({ views: 1, downloads: 2, leads: 1 });
    expect(counters[C.resource]).toMatchObject({ views: 0, likes: 0 });
    expect(await getContentCounters(A, [])).toEqual(new Map());
    // Another company's content id asked for with A's company: nothing of B's.
    expect((await getContentCounters(A, [C.otherGated])).get(C.otherGated)).toMatchObject({
      views: 0,
    });
  });

  it("counts nothing for a range before anything happened", async () => {
    const { overview } = await snapshot({ from: "2020-01-01", to: "2020-01-31" });
    expect(Object.values(overview.totals).every((n) => n === 0)).toBe(true);
    expect(overview.topContent).toEqual([]);
  });
});

describe("the daily roll-up", () => {
  const daysAgo = (n: number, hour = 12) => {
    const d = new Date(`${addDays(today(), -n)}T00:00:00Z`);
    d.setUTCHours(hour);
    return d;
  };

  beforeAll(async () => {
    // History over the last 12 days, including the first and last millisecond of days.
    const rows: {
      type: EngagementType;
      contentId: string;
      companyId: string;
      createdAt: Date;
      value?: number;
    }[] = [];
    for (let n = 1; n <= 12; n++) {
      rows.push({ type: "view", contentId: C.open, companyId: A, createdAt: daysAgo(n, 0) });
      rows.push({ type: "view", contentId: C.gated, companyId: A, createdAt: daysAgo(n, 23) });
      rows.push({ type: "download", contentId: C.gated, companyId: A, createdAt: daysAgo(n) });
      rows.push({
        type: "watch_time",
        contentId: C.open,
        companyId: A,
        createdAt: daysAgo(n),
        value: n * 10,
      });
      if (n % 3 === 0) rows.push({ type: "like", contentId: C.open, companyId: A, createdAt: daysAgo(n) });
      rows.push({ type: "view", contentId: C.otherGated, companyId: B, createdAt: daysAgo(n) });
    }
    const last = new Date(`${addDays(today(), -1)}T23:59:59.999Z`);
    rows.push({ type: "share", contentId: C.open, companyId: A, createdAt: last });
    await env.db.engagementEvent.createMany({
      data: rows.map((r, i) => ({ ...r, eventId: null, visitorId: `hist-${i % 5}` })),
    });
  });

  const ranges: DayRange[] = [
    lastDays(30),
    lastDays(5),
    { from: addDays(today(), -10), to: addDays(today(), -3) },
    { from: addDays(today(), -1), to: today() },
  ];

  it("changes no figure: before, after and after a second run", async () => {
    await env.db.engagementDaily.deleteMany();
    await env.db.analyticsRollup.deleteMany();
    const before = await Promise.all(ranges.map(snapshot));

    // An injected clock at noon: between 00:00 and 01:00 UTC yesterday is not closed yet
    // (the roll-up's grace hour), and the 12 days of history would roll up as 11.
    const noon = new Date(`${today()}T12:00:00Z`);
    const first = await rollUpAnalytics({ chunkDays: 4, now: noon });
    expect(first.throughDay).toBe(addDays(today(), -1));
    expect(first.days).toBeGreaterThanOrEqual(12);
    expect(await env.db.engagementDaily.count()).toBeGreaterThan(0);
    const after = await Promise.all(ranges.map(snapshot));
    expect(after).toEqual(before);

    expect(await rollUpAnalytics({ now: noon })).toEqual({ days: 0, throughDay: first.throughDay });
    expect(await Promise.all(ranges.map(snapshot))).toEqual(before);

    // The history is really in the roll-up: a 10-day window in the past has its 10 downloads.
    const past = before[2]!.overview.totals;
    expect(past.downloads).toBe(8);
    expect(past.views).toBe(16);
    expect(past.watchSeconds).toBe([3, 4, 5, 6, 7, 8, 9, 10].reduce((s, n) => s + n * 10, 0));
  });

  it("does the work once when several runs start together, and rebuilds a day from scratch", async () => {
    await env.db.engagementDaily.deleteMany();
    await env.db.analyticsRollup.deleteMany();
    const runs = await Promise.all([1, 2, 3].map(() => rollUpAnalytics({ chunkDays: 5 })));
    expect(runs.every((r) => r.throughDay === closed())).toBe(true);

    const [rolled] = await env.db.$queryRaw<{ n: bigint }[]>`
      SELECT coalesce(sum("events"), 0)::bigint AS n FROM "engagement_daily"`;
    const raw = await env.db.engagementEvent.count({
      where: { contentId: { not: null }, createdAt: { lt: new Date(`${addDays(closed(), 1)}T00:00:00Z`) } },
    });
    expect(Number(rolled!.n)).toBe(raw);
    expect(await readWatermark()).toBe(closed());

    // Nothing to roll up before the first event, and today is never rolled up.
    expect((await rollUpAnalytics({ now: new Date("2001-01-01T00:00:00Z") })).days).toBe(0);
    const viewsToday = await env.db.engagementDaily.count({
      where: { day: new Date(`${today()}T00:00:00Z`) },
    });
    expect(viewsToday).toBe(0);
  });

  it("counts a row that lands in a day already rolled up, at the next run", async () => {
    await rollUpAnalytics();
    const day = closed();
    const range = { from: day, to: day };
    const before = (await getAnalyticsOverview(A, range)).totals.downloads;
    // Stamped before midnight, committed after the run (or written by a clock running late).
    await env.db.engagementEvent.create({
      data: {
        companyId: A,
        contentId: C.gated,
        type: "download",
        visitorId: "late",
        createdAt: new Date(`${day}T23:59:59Z`),
      },
    });
    expect((await rollUpAnalytics()).days).toBe(0);
    expect((await getAnalyticsOverview(A, range)).totals.downloads).toBe(before + 1);
  });

  it("reads all time from roll-up and raw rows together", async () => {
    const all = await getAllTimeCounts(A);
    const downloads = await env.db.engagementEvent.count({ where: { companyId: A, type: "download" } });
    expect(all.downloads).toBe(downloads);
    expect(ALL_TIME.from < addDays(today(), -12)).toBe(true);
  });
});

function withoutUnique(m: Metrics): Omit<Metrics, "uniqueVisitors"> {
  const { uniqueVisitors: _unique, ...rest } = m;
  void _unique;
  return rest;
}
