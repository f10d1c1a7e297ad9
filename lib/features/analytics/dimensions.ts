import { HyperLogLog, hllTripletSql } from "@/lib/features/analytics/hll";
import { readWatermark } from "@/lib/features/analytics/rollup";
import {
  buildSourceRows,
  DIRECT_KEY,
  labelSourceRows,
  OTHER_KEY,
  type SourceRow,
} from "@/lib/features/analytics/source-rows";
import { sourceLabels } from "@/lib/platform/attribution/labels";
import { DAILY_METRICS, emptyMetrics, type DailyMetric } from "@/lib/features/analytics/metrics";
import { monthsAndDays, splitAtWatermark, type DayRange } from "@/lib/features/analytics/range";
import { db } from "@/lib/core/db";
import { Prisma } from "@/lib/generated/prisma/client";

/**
 * The analytics page's reads over `engagement_rollup` (lib/features/analytics/rollup.ts): counts and
 * unique visitors per dimension — the company ("all", key ""), each content, each source (key
 * the stored source, "" for direct). Days up to the roll-up watermark come from month rows
 * where a whole month fits and day rows around them, days after it from the raw rows, so a
 * year reads about a dozen rows per key and a figure is the same before and after a run.
 *
 * Unique visitors: the company's sketch of the range is read first (a few rows). Below
 * EXACT_UNIQUE_BELOW visitors they are counted exactly (distinct raw visitor ids, an index-only
 * scan that few visitors keep short); above, every key's figure is the HyperLogLog estimate
 * (≈ 1.6 % standard error) of the roll-up rows' sketches merged with the raw days', so a
 * busy year or month never scans its views. Either way the figure is the same before and
 * after the roll-up (the raw rows' registers are the roll-up's).
 */
export const EXACT_UNIQUE_BELOW = 1000;

export type Dimension = "all" | "content" | "source";

/** The counts that add up (all but unique visitors). */
export type Counters = Record<DailyMetric, number>;

export function emptyCounters(): Counters {
  const { uniqueVisitors: _unique, ...counters } = emptyMetrics();
  void _unique;
  return counters;
}

/** `"createdAt"` within the days of `range` (UTC; the columns hold UTC). */
export function createdWithin(range: DayRange): Prisma.Sql {
  return Prisma.sql`"createdAt" >= ${range.from}::timestamp AND "createdAt" < (${range.to}::date + 1)::timestamp`;
}

function keyOf(dim: Dimension): Prisma.Sql {
  if (dim === "content") return Prisma.sql`"contentId"`;
  if (dim === "source") return Prisma.sql`coalesce("source", '')`;
  return Prisma.sql`''`;
}

/** The roll-up rows of a dimension covering the rolled part of a range, or null if none. */
function rollupRows(companyId: string, dim: Dimension, rolled: DayRange | null): Prisma.Sql | null {
  if (!rolled) return null;
  const { months, days } = monthsAndDays(rolled);
  const periods: Prisma.Sql[] = days.map(
    (d) => Prisma.sql`("span" = 'day' AND "start" BETWEEN ${d.from}::date AND ${d.to}::date)`,
  );
  if (months.length > 0) {
    periods.push(
      Prisma.sql`("span" = 'month' AND "start" IN (${Prisma.join(months.map((m) => Prisma.sql`${m}::date`))}))`,
    );
  }
  return Prisma.sql`"companyId" = ${companyId} AND "dim" = ${dim} AND (${Prisma.join(periods, " OR ")})`;
}

interface CounterRow {
  key: string | null;
  views: bigint;
  likes: bigint;
  shares: bigint;
  comments: bigint;
  downloads: bigint;
  watch: bigint;
  leads: bigint;
}

const RAW_COUNTS = Prisma.sql`
  count(*) FILTER (WHERE "type" = 'view') AS views,
  count(*) FILTER (WHERE "type" = 'like') - count(*) FILTER (WHERE "type" = 'unlike') AS likes,
  count(*) FILTER (WHERE "type" = 'share') AS shares,
  count(*) FILTER (WHERE "type" = 'comment') AS comments,
  count(*) FILTER (WHERE "type" = 'download') AS downloads,
  coalesce(sum("value") FILTER (WHERE "type" = 'watch_time'), 0) AS watch,
  0 AS leads`;

/**
 * Counts per key of a dimension (or per day, `perDay`, for the chart) over the range. Leads
 * are the company's lead rows of the range (see lib/features/analytics/queries.ts); a lead whose
 * content was deleted has the key null in the content dimension.
 */
export function countersQuery(
  companyId: string,
  range: DayRange,
  dim: Dimension,
  through: string | null,
  perDay = false,
): Prisma.Sql {
  const { rolled, raw } = splitAtWatermark(range, through);
  const dayKey = Prisma.sql`to_char("createdAt"::date, 'YYYY-MM-DD')`;
  const key = perDay ? dayKey : keyOf(dim);
  const parts: Prisma.Sql[] = [
    Prisma.sql`
      SELECT ${key} AS key, 0 AS views, 0 AS likes, 0 AS shares, 0 AS comments, 0 AS downloads,
        0 AS watch, count(*) AS leads
      FROM "lead" WHERE "companyId" = ${companyId} AND ${createdWithin(range)} GROUP BY 1`,
  ];
  // The chart reads day rows for the whole rolled part (one row per day of the company).
  const rows = perDay
    ? rolled &&
      Prisma.sql`"companyId" = ${companyId} AND "dim" = 'all' AND "span" = 'day'
        AND "start" BETWEEN ${rolled.from}::date AND ${rolled.to}::date`
    : rollupRows(companyId, dim, rolled);
  if (rows) {
    parts.push(Prisma.sql`
      SELECT ${perDay ? Prisma.sql`to_char("start", 'YYYY-MM-DD')` : Prisma.sql`"key"`} AS key,
        "views" AS views, "likes" AS likes, "shares" AS shares, "comments" AS comments,
        "downloads" AS downloads, "watchSeconds" AS watch, 0 AS leads
      FROM "engagement_rollup" WHERE ${rows}`);
  }
  if (raw) {
    parts.push(Prisma.sql`
      SELECT ${key} AS key, ${RAW_COUNTS}
      FROM "engagement_event"
      WHERE "companyId" = ${companyId} AND "contentId" IS NOT NULL AND "type" <> 'lead' AND ${createdWithin(raw)}
      GROUP BY 1`);
  }
  return Prisma.sql`
    SELECT key, sum(views)::bigint AS views, sum(likes)::bigint AS likes, sum(shares)::bigint AS shares,
      sum(comments)::bigint AS comments, sum(downloads)::bigint AS downloads,
      sum(watch)::bigint AS watch, sum(leads)::bigint AS leads
    FROM (${Prisma.join(parts, " UNION ALL ")}) AS parts
    GROUP BY key`;
}

/** Counts per key of a dimension (or per day, `perDay`) over the range (see countersQuery). */
export async function countersBy(
  companyId: string,
  range: DayRange,
  dim: Dimension,
  through: string | null,
  perDay = false,
): Promise<Map<string | null, Counters>> {
  const result = await db.$queryRaw<CounterRow[]>(countersQuery(companyId, range, dim, through, perDay));
  return new Map(
    result.map((r) => [
      r.key,
      {
        views: Number(r.views),
        likes: Number(r.likes),
        shares: Number(r.shares),
        comments: Number(r.comments),
        downloads: Number(r.downloads),
        leads: Number(r.leads),
        watchSeconds: Number(r.watch),
      },
    ]),
  );
}

export function sumCounters(all: Iterable<Counters>): Counters {
  const sum = emptyCounters();
  for (const c of all) for (const m of DAILY_METRICS) sum[m] += c[m];
  return sum;
}

/** The company's unique visitors of a range, and whether the range's figures are exact. */
export async function visitorTotal(
  companyId: string,
  range: DayRange,
  through: string | null,
): Promise<{ exact: boolean; total: number }> {
  const estimate = (await sketchesBy(companyId, range, "all", through)).get("")?.estimate() ?? 0;
  if (estimate >= EXACT_UNIQUE_BELOW) return { exact: false, total: estimate };
  return { exact: true, total: (await exactUniqueBy(companyId, range, "all")).get("") ?? 0 };
}

const RAW_TRIPLET = Prisma.raw(hllTripletSql(`"visitorId"`));

/**
 * Per key, the viewers' sketch of a long range: the roll-up rows' sketches and the raw days'
 * triplets, concatenated by PostgreSQL (one byte string per key; see lib/features/analytics/hll.ts).
 */
export function sketchesQuery(
  companyId: string,
  range: DayRange,
  dim: Dimension,
  through: string | null,
): Prisma.Sql {
  const { rolled, raw } = splitAtWatermark(range, through);
  const parts: Prisma.Sql[] = [];
  const rows = rollupRows(companyId, dim, rolled);
  if (rows)
    parts.push(Prisma.sql`SELECT "key" AS key, "visitors" AS v FROM "engagement_rollup" WHERE ${rows}`);
  if (raw) {
    parts.push(Prisma.sql`
      SELECT DISTINCT ${keyOf(dim)} AS key, ${RAW_TRIPLET} AS v FROM "engagement_event"
      WHERE "companyId" = ${companyId} AND "type" = 'view' AND "contentId" IS NOT NULL AND ${createdWithin(raw)}`);
  }
  return Prisma.sql`
    SELECT key, string_agg(v, ''::bytea) AS v FROM (${Prisma.join(parts, " UNION ALL ")}) AS parts GROUP BY key`;
}

export async function sketchesBy(
  companyId: string,
  range: DayRange,
  dim: Dimension,
  through: string | null,
): Promise<Map<string, HyperLogLog>> {
  const result = await db.$queryRaw<{ key: string; v: Uint8Array }[]>(
    sketchesQuery(companyId, range, dim, through),
  );
  return new Map(
    result.map((r) => {
      const hll = new HyperLogLog();
      hll.mergeTriplets(r.v);
      return [r.key, hll];
    }),
  );
}

/** Exact distinct viewers per key of a (short) range, from the raw rows. */
export async function exactUniqueBy(
  companyId: string,
  range: DayRange,
  dim: Dimension,
): Promise<Map<string, number>> {
  // SELECT DISTINCT in a subquery hashes; count(DISTINCT …) would sort every view instead.
  const rows = await db.$queryRaw<{ key: string; n: bigint }[]>`
    SELECT key, count(*)::bigint AS n FROM (
      SELECT DISTINCT ${keyOf(dim)} AS key, "visitorId" FROM "engagement_event"
      WHERE "companyId" = ${companyId} AND "type" = 'view' AND "contentId" IS NOT NULL AND ${createdWithin(range)}
    ) AS visitors
    GROUP BY key`;
  return new Map(rows.map((r) => [r.key, Number(r.n)]));
}

/** Unique visitors per key: exact (see visitorTotal) or the sketches' estimate. */
export async function uniqueBy(
  companyId: string,
  range: DayRange,
  dim: Dimension,
  through: string | null,
  exact: boolean,
): Promise<Map<string, number>> {
  if (exact) return exactUniqueBy(companyId, range, dim);
  const sketches = await sketchesBy(companyId, range, dim, through);
  return new Map([...sketches].map(([key, hll]) => [key, hll.estimate()]));
}

/** The figures by source of a range, labelled (lib/platform/attribution/labels.ts), most viewed first. */
export async function listSourceRows(companyId: string, range: DayRange): Promise<SourceRow[]> {
  const through = await readWatermark();
  const [counters, unique] = await Promise.all([
    countersBy(companyId, range, "source", through),
    visitorTotal(companyId, range, through).then(({ exact }) =>
      uniqueBy(companyId, range, "source", through, exact),
    ),
  ]);
  const rows = buildSourceRows(counters, unique);
  // Labels only for the rows shown: never a lookup per source the world made up.
  const stored = rows
    .filter((row) => row.source !== OTHER_KEY)
    .map((row) => (row.source === DIRECT_KEY ? null : row.source));
  return labelSourceRows(rows, await sourceLabels(companyId, stored));
}
