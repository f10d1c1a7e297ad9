import {
  addAggregate,
  TYPE_METRIC,
  type AnalyticsOverview,
  type AnalyticsRow,
  type DailyPoint,
  type EngagementTypeName,
  type MediaCounts,
  type Metrics,
} from "@/lib/features/analytics/metrics";
import {
  countersBy,
  emptyCounters,
  exactUniqueBy,
  sketchesBy,
  sumCounters,
  uniqueBy,
  visitorTotal,
  type Counters,
} from "@/lib/features/analytics/dimensions";
import { HyperLogLog } from "@/lib/features/analytics/hll";
import {
  dayIn,
  eachDay,
  splitAtWatermark,
  type DayRange,
  type ItemBreakdown,
} from "@/lib/features/analytics/range";
import { readWatermark } from "@/lib/features/analytics/rollup";
import { db } from "@/lib/core/db";
import { Prisma } from "@/lib/generated/prisma/client";

/**
 * Analytics reads (admin; the caller passes the guarded membership's company id).
 *
 * Fans' actions are counted from `engagement_daily` for days up to the roll-up watermark and
 * from `engagement_event` after it (lib/features/analytics/rollup.ts), so they are exact whether or
 * not the roll-up has run. The analytics page reads the roll-up by dimension
 * (lib/features/analytics/dimensions.ts): unique visitors are exact for short ranges and a HyperLogLog
 * estimate (within ~2 %) for long ones, since distinct visitors do not add up across days. Leads are the company's `lead` rows (the
 * people in the leads list, by the day they were first captured), so every lead count in
 * the product matches the list: an erased lead leaves every count, a lead whose content was
 * deleted stays in the company's totals.
 */

/** Every day there can be an event: the "all time" of the dashboard and the content list. */
export const ALL_TIME: DayRange = { from: "1970-01-01", to: "2999-12-31" };

export { emptyCounters, type Counters };

interface AggregateRow {
  /** Content id or day; null for leads whose content was deleted. */
  key: string | null;
  type: EngagementTypeName;
  events: bigint | number;
  total: bigint | number;
}

/** `"createdAt"` within the days of `range` (UTC; the columns hold UTC). */
function createdWithin(range: DayRange, alias: "" | "e." = ""): Prisma.Sql {
  const column = Prisma.raw(`${alias}"createdAt"`);
  return Prisma.sql`${column} >= ${range.from}::timestamp AND ${column} < (${range.to}::date + 1)::timestamp`;
}

function contentFilter(contentIds: readonly string[] | undefined): Prisma.Sql {
  return contentIds ? Prisma.sql`AND "contentId" IN (${Prisma.join(contentIds)})` : Prisma.empty;
}

/**
 * Sums of events and values per key (content id or day) and type over the range. `through`
 * is the roll-up watermark, read once per page by the caller.
 */
async function aggregate(
  companyId: string,
  range: DayRange,
  by: "content" | "day",
  through: string | null,
  contentIds?: readonly string[],
): Promise<AggregateRow[]> {
  if (contentIds && contentIds.length === 0) return [];
  const { rolled, raw } = splitAtWatermark(range, through);
  const createdDay = Prisma.sql`to_char("createdAt"::date, 'YYYY-MM-DD')`;
  const key = by === "content" ? Prisma.sql`"contentId"` : createdDay;
  // Leads come from the lead rows (see above), so the `lead` engagement rows are left out.
  const parts: Prisma.Sql[] = [
    Prisma.sql`
      SELECT ${key} AS key, 'lead' AS "type", count(*)::bigint AS events, count(*)::bigint AS total
      FROM "lead"
      WHERE "companyId" = ${companyId} AND ${createdWithin(range)} ${contentFilter(contentIds)}
      GROUP BY 1`,
  ];
  if (rolled) {
    const dailyKey = by === "content" ? Prisma.sql`"contentId"` : Prisma.sql`to_char("day", 'YYYY-MM-DD')`;
    parts.push(Prisma.sql`
      SELECT ${dailyKey} AS key, "type"::text, "events"::bigint AS events, "total"
      FROM "engagement_daily"
      WHERE "companyId" = ${companyId} AND "day" BETWEEN ${rolled.from}::date AND ${rolled.to}::date
        AND "type" <> 'lead' ${contentFilter(contentIds)}`);
  }
  if (raw) {
    parts.push(Prisma.sql`
      SELECT ${key} AS key, "type"::text, count(*)::bigint AS events, coalesce(sum("value"), 0)::bigint AS total
      FROM "engagement_event"
      WHERE "companyId" = ${companyId} AND "contentId" IS NOT NULL AND ${createdWithin(raw)}
        AND "type" <> 'lead' ${contentFilter(contentIds)}
      GROUP BY 1, 2`);
  }
  return db.$queryRaw<AggregateRow[]>`
    SELECT key, "type", sum(events)::bigint AS events, sum(total)::bigint AS total
    FROM (${Prisma.join(parts, " UNION ALL ")}) AS parts
    GROUP BY key, "type"`;
}

/** Folds aggregate rows into counters per key (null: leads of deleted content). */
function countersByKey(rows: AggregateRow[]): Map<string | null, Counters> {
  const out = new Map<string | null, Counters>();
  for (const row of rows) {
    if (!(row.type in TYPE_METRIC)) continue;
    let counters = out.get(row.key);
    if (!counters) out.set(row.key, (counters = emptyCounters()));
    addAggregate(counters, row.type, Number(row.events), Number(row.total));
  }
  return out;
}

/**
 * Unique visitors per event: exact for short ranges (distinct viewers of the event's contents
 * in the raw rows), else the union of its contents' sketches.
 */
async function uniqueByEvent(
  companyId: string,
  range: DayRange,
  sketches: Map<string, HyperLogLog> | null,
  links: { id: string; contents: { contentId: string }[] }[],
): Promise<Map<string, number>> {
  if (sketches) {
    return new Map(
      links.map((e) => {
        const hll = new HyperLogLog();
        for (const c of e.contents) {
          const sketch = sketches.get(c.contentId);
          if (sketch) hll.merge(sketch);
        }
        return [e.id, hll.estimate()];
      }),
    );
  }
  const rows = await db.$queryRaw<{ key: string; n: bigint }[]>`
    SELECT key, count(*)::bigint AS n FROM (
      SELECT DISTINCT ce."eventId" AS key, e."visitorId"
      FROM "engagement_event" e JOIN "content_event" ce ON ce."contentId" = e."contentId"
      WHERE e."companyId" = ${companyId} AND e."type" = 'view' AND ${createdWithin(range, "e.")}
    ) AS visitors
    GROUP BY key`;
  return new Map(rows.map((r) => [r.key, Number(r.n)]));
}

async function mediaCounts(companyId: string): Promise<MediaCounts> {
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

/** Per-content counts of a range: what the content table, the event table and top content share. */
interface ContentCounts {
  counters: Map<string | null, Counters>;
  contents: { id: string; title: string; kind: string }[];
}

async function contentCounts(
  companyId: string,
  range: DayRange,
  through: string | null,
): Promise<ContentCounts> {
  const [counters, contents] = await Promise.all([
    countersBy(companyId, range, "content", through),
    db.content.findMany({ where: { companyId }, select: { id: true, title: true, kind: true } }),
  ]);
  return { counters, contents };
}

function contentRows({ counters, contents }: ContentCounts, unique: Map<string, number>): AnalyticsRow[] {
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
 * Per event: the sums over the contents linked to it today (a content shown in two events
 * counts in both; the page says so), unique visitors counted across those contents. The
 * detail is the event's day where it takes place.
 */
async function eventRows(
  companyId: string,
  range: DayRange,
  sketches: Map<string, HyperLogLog> | null,
  { counters }: ContentCounts,
): Promise<AnalyticsRow[]> {
  const events = await db.event.findMany({
    where: { companyId },
    select: {
      id: true,
      name: true,
      startsAt: true,
      timeZone: true,
      contents: { select: { contentId: true } },
    },
  });
  const unique = await uniqueByEvent(companyId, range, sketches, events);
  return events
    .map((e) => ({
      id: e.id,
      name: e.name,
      detail: dayIn(e.startsAt, e.timeZone),
      ...sumCounters(e.contents.flatMap((c) => counters.get(c.contentId) ?? [])),
      uniqueVisitors: unique.get(e.id) ?? 0,
    }))
    .sort(byViewsThenName);
}

/** The table (and CSV) of the range, per content or per event, most viewed first. */
export async function listAnalyticsRows(
  companyId: string,
  range: DayRange,
  by: ItemBreakdown,
): Promise<AnalyticsRow[]> {
  const through = await readWatermark();
  const [counts, { exact }] = await Promise.all([
    contentCounts(companyId, range, through),
    visitorTotal(companyId, range, through),
  ]);
  if (by === "content")
    return contentRows(counts, await uniqueBy(companyId, range, "content", through, exact));
  const sketches = exact ? null : await sketchesBy(companyId, range, "content", through);
  return eventRows(companyId, range, sketches, counts);
}

/**
 * What the analytics page shows: totals, the daily series, the most viewed contents, the
 * media counts and the table by content or event. The watermark and the per-content sums
 * are read once and shared.
 */
export async function getAnalyticsReport(
  companyId: string,
  range: DayRange,
  by: ItemBreakdown,
): Promise<{ overview: AnalyticsOverview; rows: AnalyticsRow[] }> {
  const through = await readWatermark();
  // The contents' sketches are read alongside the company's (not after it): a busy company needs
  // them, and for one with few visitors (exact counts) they are a few small rows.
  const [byDay, unique, counts, media, sketches] = await Promise.all([
    countersBy(companyId, range, "all", through, true),
    visitorTotal(companyId, range, through),
    contentCounts(companyId, range, through),
    mediaCounts(companyId),
    sketchesBy(companyId, range, "content", through),
  ]);
  const estimated = unique.exact ? null : sketches;
  const [rows, byContent] =
    by === "content"
      ? await (
          estimated
            ? Promise.resolve(new Map([...estimated].map(([key, hll]) => [key, hll.estimate()])))
            : exactUniqueBy(companyId, range, "content")
        ).then((u) => {
          const table = contentRows(counts, u);
          return [table, table] as const;
        })
      : [await eventRows(companyId, range, estimated, counts), contentRows(counts, new Map())];
  const series: DailyPoint[] = eachDay(range).map((day) => ({ day, ...(byDay.get(day) ?? emptyCounters()) }));
  const totals: Metrics = { ...sumCounters(byDay.values()), uniqueVisitors: unique.total };
  const topContent = byContent.filter((c) => c.views > 0).slice(0, 10);
  return {
    overview: {
      from: range.from,
      to: range.to,
      totals,
      uniqueVisitorsExact: unique.exact,
      series,
      topContent,
      media,
    },
    rows,
  };
}

/** Totals, the daily series, the most viewed contents and the media counts of a range. */
export async function getAnalyticsOverview(companyId: string, range: DayRange): Promise<AnalyticsOverview> {
  return (await getAnalyticsReport(companyId, range, "content")).overview;
}

/** All-time counts of the company: the dashboard's downloads and leads. */
export async function getAllTimeCounts(companyId: string): Promise<Counters> {
  const rows = await aggregate(companyId, ALL_TIME, "content", await readWatermark());
  return sumCounters(countersByKey(rows).values());
}

/** All-time counts per content, for the content list (one query for a page of contents). */
export async function getContentCounters(
  companyId: string,
  contentIds: readonly string[],
): Promise<Map<string, Counters>> {
  const rows = await aggregate(companyId, ALL_TIME, "content", await readWatermark(), contentIds);
  const counters = countersByKey(rows);
  return new Map(contentIds.map((id) => [id, counters.get(id) ?? emptyCounters()]));
}
