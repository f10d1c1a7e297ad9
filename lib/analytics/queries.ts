import {
  addAggregate,
  DAILY_METRICS,
  emptyMetrics,
  TYPE_METRIC,
  type AnalyticsOverview,
  type AnalyticsRow,
  type DailyMetric,
  type DailyPoint,
  type EngagementTypeName,
  type MediaCounts,
  type Metrics,
} from "@/lib/analytics/metrics";
import { readWatermark } from "@/lib/analytics/rollup";
import { dayOf, eachDay, splitAtWatermark, type Breakdown, type DayRange } from "@/lib/analytics/range";
import type { PrismaClient } from "@/lib/db-client";
import { Prisma } from "@/lib/generated/prisma/client";

/**
 * Analytics reads (admin; the caller passes the guarded membership's company id). Counts
 * come from `engagement_daily` for days up to the roll-up watermark and from
 * `engagement_event` after it (lib/analytics/rollup.ts), so they are exact whether or not
 * the roll-up has run. Unique visitors are always counted from the raw view rows: distinct
 * visitors do not add up across days.
 */

/** Every day there can be an event: the "all time" of the dashboard and the content list. */
export const ALL_TIME: DayRange = { from: "1970-01-01", to: "2999-12-31" };

/** The counts that add up (all but unique visitors), as the dashboard and content list use. */
export type Counters = Record<DailyMetric, number>;

export function emptyCounters(): Counters {
  return Object.fromEntries(DAILY_METRICS.map((m) => [m, 0])) as Counters;
}

interface AggregateRow {
  key: string;
  type: EngagementTypeName;
  events: bigint | number;
  total: bigint | number;
}

/** `"createdAt"` within the days of `range` (UTC; the column holds UTC). */
function createdWithin(range: DayRange, alias = ""): Prisma.Sql {
  const column = Prisma.raw(`${alias}"createdAt"`);
  return Prisma.sql`${column} >= ${range.from}::timestamp AND ${column} < (${range.to}::date + 1)::timestamp`;
}

function contentFilter(contentIds: readonly string[] | undefined): Prisma.Sql {
  return contentIds ? Prisma.sql`AND "contentId" IN (${Prisma.join(contentIds)})` : Prisma.empty;
}

/** Sums of events and values per key (content id or day) and type over the range. */
async function aggregate(
  db: PrismaClient,
  companyId: string,
  range: DayRange,
  by: "content" | "day",
  contentIds?: readonly string[],
): Promise<AggregateRow[]> {
  if (contentIds && contentIds.length === 0) return [];
  const { rolled, raw } = splitAtWatermark(range, await readWatermark(db));
  const parts: Prisma.Sql[] = [];
  if (rolled) {
    const key = by === "content" ? Prisma.sql`"contentId"` : Prisma.sql`to_char("day", 'YYYY-MM-DD')`;
    parts.push(Prisma.sql`
      SELECT ${key} AS key, "type", "events"::bigint AS events, "total"
      FROM "engagement_daily"
      WHERE "companyId" = ${companyId} AND "day" BETWEEN ${rolled.from}::date AND ${rolled.to}::date
        ${contentFilter(contentIds)}`);
  }
  if (raw) {
    const key =
      by === "content" ? Prisma.sql`"contentId"` : Prisma.sql`to_char("createdAt"::date, 'YYYY-MM-DD')`;
    parts.push(Prisma.sql`
      SELECT ${key} AS key, "type", count(*)::bigint AS events, coalesce(sum("value"), 0)::bigint AS total
      FROM "engagement_event"
      WHERE "companyId" = ${companyId} AND "contentId" IS NOT NULL AND ${createdWithin(raw)}
        ${contentFilter(contentIds)}
      GROUP BY 1, 2`);
  }
  return db.$queryRaw<AggregateRow[]>`
    SELECT key, "type"::text AS "type", sum(events)::bigint AS events, sum(total)::bigint AS total
    FROM (${Prisma.join(parts, " UNION ALL ")}) AS parts
    GROUP BY key, "type"`;
}

/** Folds aggregate rows into counters per key. */
function countersByKey(rows: AggregateRow[]): Map<string, Counters> {
  const out = new Map<string, Counters>();
  for (const row of rows) {
    if (!(row.type in TYPE_METRIC)) continue;
    let counters = out.get(row.key);
    if (!counters) out.set(row.key, (counters = emptyCounters()));
    addAggregate(counters, row.type, Number(row.events), Number(row.total));
  }
  return out;
}

function sumCounters(all: Iterable<Counters>): Counters {
  const sum = emptyCounters();
  for (const c of all) for (const m of DAILY_METRICS) sum[m] += c[m];
  return sum;
}

// Distinct visitors are found by hashing (SELECT DISTINCT in a subquery) and then counted:
// count(DISTINCT …) would sort every view of the range instead.
async function uniqueVisitors(db: PrismaClient, companyId: string, range: DayRange): Promise<number> {
  const rows = await db.$queryRaw<{ n: bigint }[]>`
    SELECT count(*)::bigint AS n FROM (
      SELECT DISTINCT "visitorId" FROM "engagement_event"
      WHERE "companyId" = ${companyId} AND "type" = 'view' AND ${createdWithin(range)}
    ) AS visitors`;
  return Number(rows[0]?.n ?? 0);
}

async function uniqueVisitorsBy(
  db: PrismaClient,
  companyId: string,
  range: DayRange,
  by: Breakdown,
): Promise<Map<string, number>> {
  const rows =
    by === "content"
      ? await db.$queryRaw<{ key: string; n: bigint }[]>`
          SELECT key, count(*)::bigint AS n FROM (
            SELECT DISTINCT "contentId" AS key, "visitorId" FROM "engagement_event"
            WHERE "companyId" = ${companyId} AND "type" = 'view' AND "contentId" IS NOT NULL
              AND ${createdWithin(range)}
          ) AS visitors
          GROUP BY key`
      : await db.$queryRaw<{ key: string; n: bigint }[]>`
          SELECT key, count(*)::bigint AS n FROM (
            SELECT DISTINCT ce."eventId" AS key, e."visitorId"
            FROM "engagement_event" e JOIN "content_event" ce ON ce."contentId" = e."contentId"
            WHERE e."companyId" = ${companyId} AND e."type" = 'view' AND ${createdWithin(range, "e.")}
          ) AS visitors
          GROUP BY key`;
  return new Map(rows.map((r) => [r.key, Number(r.n)]));
}

async function mediaCounts(db: PrismaClient, companyId: string): Promise<MediaCounts> {
  const groups = await db.mediaFile.groupBy({ by: ["kind"], where: { companyId }, _count: true });
  const count = (kind: string) => groups.find((g) => g.kind === kind)?._count ?? 0;
  return {
    videos: count("video"),
    images: count("photo"),
    audios: count("audio"),
    documents: count("document"),
  };
}

function byViewsThenName(a: AnalyticsRow, b: AnalyticsRow): number {
  return b.views - a.views || a.name.localeCompare(b.name) || a.id.localeCompare(b.id);
}

async function contentRows(
  db: PrismaClient,
  companyId: string,
  range: DayRange,
  withUnique: boolean,
): Promise<AnalyticsRow[]> {
  const [contents, counters, unique] = await Promise.all([
    db.content.findMany({ where: { companyId }, select: { id: true, title: true, kind: true } }),
    aggregate(db, companyId, range, "content").then(countersByKey),
    withUnique
      ? uniqueVisitorsBy(db, companyId, range, "content")
      : Promise.resolve(new Map<string, number>()),
  ]);
  return contents
    .map((c) => ({
      id: c.id,
      name: c.title,
      detail: c.kind,
      ...(counters.get(c.id) ?? emptyCounters()),
      uniqueVisitors: unique.get(c.id) ?? 0,
    }))
    .sort(byViewsThenName);
}

/**
 * Per event: the sums over the contents linked to it (a content shown in two events counts
 * in both), unique visitors counted across those contents.
 */
async function eventRows(db: PrismaClient, companyId: string, range: DayRange): Promise<AnalyticsRow[]> {
  const [events, counters, unique] = await Promise.all([
    db.event.findMany({
      where: { companyId },
      select: { id: true, name: true, startsAt: true, contents: { select: { contentId: true } } },
    }),
    aggregate(db, companyId, range, "content").then(countersByKey),
    uniqueVisitorsBy(db, companyId, range, "event"),
  ]);
  return events
    .map((e) => ({
      id: e.id,
      name: e.name,
      detail: dayOf(e.startsAt),
      ...sumCounters(e.contents.flatMap((c) => counters.get(c.contentId) ?? [])),
      uniqueVisitors: unique.get(e.id) ?? 0,
    }))
    .sort(byViewsThenName);
}

/** The table (and CSV) of the range, per content or per event, most viewed first. */
export async function listAnalyticsRows(
  db: PrismaClient,
  companyId: string,
  range: DayRange,
  by: Breakdown,
): Promise<AnalyticsRow[]> {
  return by === "content" ? contentRows(db, companyId, range, true) : eventRows(db, companyId, range);
}

async function overviewFrom(
  db: PrismaClient,
  companyId: string,
  range: DayRange,
  contents: Promise<AnalyticsRow[]>,
): Promise<AnalyticsOverview> {
  const [byDay, unique, rows, media] = await Promise.all([
    aggregate(db, companyId, range, "day").then(countersByKey),
    uniqueVisitors(db, companyId, range),
    contents,
    mediaCounts(db, companyId),
  ]);
  const series: DailyPoint[] = eachDay(range).map((day) => ({ day, ...(byDay.get(day) ?? emptyCounters()) }));
  const totals: Metrics = { ...emptyMetrics(), ...sumCounters(byDay.values()), uniqueVisitors: unique };
  const topContent = rows.filter((c) => c.views > 0).slice(0, 10);
  return { from: range.from, to: range.to, totals, series, topContent, media };
}

/** Totals, the daily series, the most viewed contents and the media counts of a range. */
export async function getAnalyticsOverview(
  db: PrismaClient,
  companyId: string,
  range: DayRange,
): Promise<AnalyticsOverview> {
  return overviewFrom(db, companyId, range, contentRows(db, companyId, range, false));
}

/** What the analytics page shows: the overview and the table, the per-content sums read once. */
export async function getAnalyticsReport(
  db: PrismaClient,
  companyId: string,
  range: DayRange,
  by: Breakdown,
): Promise<{ overview: AnalyticsOverview; rows: AnalyticsRow[] }> {
  const rows = listAnalyticsRows(db, companyId, range, by);
  const contents = by === "content" ? rows : contentRows(db, companyId, range, false);
  const [overview, table] = await Promise.all([overviewFrom(db, companyId, range, contents), rows]);
  return { overview, rows: table };
}

/** All-time counts of the company: the dashboard's downloads and leads. */
export async function getAllTimeCounts(db: PrismaClient, companyId: string): Promise<Counters> {
  const rows = await aggregate(db, companyId, ALL_TIME, "content");
  return sumCounters(countersByKey(rows).values());
}

/** All-time counts per content, for the content list (one query for a page of contents). */
export async function getContentCounters(
  db: PrismaClient,
  companyId: string,
  contentIds: readonly string[],
): Promise<Map<string, Counters>> {
  const counters = countersByKey(await aggregate(db, companyId, ALL_TIME, "content", contentIds));
  return new Map(contentIds.map((id) => [id, counters.get(id) ?? emptyCounters()]));
}
