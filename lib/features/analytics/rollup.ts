import { hllTripletSql } from "@/lib/features/analytics/hll";
import { addDays, dayOf, daysIn, monthsAndDays, nextMonth } from "@/lib/features/analytics/range";
import { db } from "@/lib/core/db";
import { Prisma } from "@/lib/generated/prisma/client";

/**
 * The daily roll-up of `engagement_event` into `engagement_daily`, so analytics over months
 * read one row per content, day and type instead of every event.
 *
 * Only closed UTC days are rolled up, by the database's clock with an hour of grace: rows
 * are stamped by the app's clock or the database's, in transactions that may commit a moment
 * after midnight. `analytics_rollup.throughDay` is the watermark; readers take roll-up rows
 * up to it and raw rows after it, so a figure is the same before and after a run. Each run
 * also rebuilds the last REROLL_DAYS days below the watermark, for a row that still landed
 * in them. Each chunk of days is rebuilt (delete, then insert from the raw rows) and the
 * watermark moved in one transaction under an advisory lock: a crash leaves the previous
 * state, and two runs at once (two app instances) serialise.
 *
 * The same runs rebuild `engagement_rollup` (rows per day and per whole calendar month, for
 * the company ("all"), each content and each source, with a HyperLogLog sketch of the viewers),
 * which long ranges read: a month row is built once its last day is rolled up.
 */
export const ROLLUP_CHUNK_DAYS = 31;
/** Days below the watermark rebuilt by every run. */
export const REROLL_DAYS = 2;

/** Advisory lock key of the roll-up ("anro"). */
const LOCK_KEY = 0x616e_726f;

export interface RollupResult {
  /** Days newly rolled up by this run (0: nothing new). */
  days: number;
  /** The watermark after the run, YYYY-MM-DD, or null when there is nothing yet. */
  throughDay: string | null;
}

export async function readWatermark(): Promise<string | null> {
  const row = await db.analyticsRollup.findUnique({ where: { id: 1 }, select: { throughDay: true } });
  return row?.throughDay ? dayOf(row.throughDay) : null;
}

/** Closed days are final an hour after midnight (UTC). */
const GRACE_MS = 60 * 60_000;

/** The last closed UTC day at `now`, counting the grace hour. */
export function lastClosedDayAt(now: Date): string {
  return addDays(dayOf(new Date(now.getTime() - GRACE_MS)), -1);
}

/** The last closed day by the database's clock (the clock most rows are stamped with). */
async function lastClosedDay(): Promise<string> {
  const [row] = await db.$queryRaw<{ now: Date }[]>`SELECT now() AS now`;
  return lastClosedDayAt(row!.now);
}

async function firstEventDay(): Promise<string | null> {
  const rows = await db.$queryRaw<{ day: string | null }[]>`
    SELECT to_char(min("createdAt"), 'YYYY-MM-DD') AS day FROM "engagement_event"`;
  return rows[0]?.day ?? null;
}

type Tx = Parameters<Parameters<typeof db.$transaction>[0]>[0];

const TRIPLET = Prisma.raw(hllTripletSql(`"visitorId"`));

/** Rebuilds the `span` rows of `engagement_rollup` whose periods start within [lo, hi]. */
async function rebuildRollupRows(tx: Tx, span: "day" | "month", lo: string, hi: string): Promise<void> {
  const start =
    span === "day" ? Prisma.sql`"createdAt"::date` : Prisma.sql`date_trunc('month', "createdAt")::date`;
  const lastDay = span === "day" ? hi : addDays(nextMonth(hi), -1);
  await tx.$executeRaw`
    DELETE FROM "engagement_rollup" WHERE "span" = ${span} AND "start" BETWEEN ${lo}::date AND ${hi}::date`;
  // Leads are counted from the lead rows (lib/features/analytics/queries.ts), so `lead` rows are left out.
  await tx.$executeRaw`
    INSERT INTO "engagement_rollup" ("companyId", "dim", "span", "start", "key", "views", "likes",
      "shares", "comments", "downloads", "watchSeconds", "visitors")
    WITH ev AS (
      SELECT "companyId", "contentId", coalesce("source", '') AS src, "type", "value", ${start} AS start,
             CASE WHEN "type" = 'view' THEN ${TRIPLET} END AS t
      FROM "engagement_event"
      WHERE "contentId" IS NOT NULL AND "type" <> 'lead'
        AND "createdAt" >= ${lo}::timestamp
        AND "createdAt" < (${lastDay}::date + 1)::timestamp
    ), keyed AS (
      SELECT "companyId", 'all' AS dim, '' AS key, start, "type", "value", t FROM ev
      UNION ALL SELECT "companyId", 'content', "contentId", start, "type", "value", t FROM ev
      UNION ALL SELECT "companyId", 'source', src, start, "type", "value", t FROM ev
    ), counts AS (
      SELECT "companyId", dim, start, key,
        count(*) FILTER (WHERE "type" = 'view')::int AS views,
        (count(*) FILTER (WHERE "type" = 'like') - count(*) FILTER (WHERE "type" = 'unlike'))::int AS likes,
        count(*) FILTER (WHERE "type" = 'share')::int AS shares,
        count(*) FILTER (WHERE "type" = 'comment')::int AS comments,
        count(*) FILTER (WHERE "type" = 'download')::int AS downloads,
        coalesce(sum("value") FILTER (WHERE "type" = 'watch_time'), 0)::bigint AS watch
      FROM keyed GROUP BY "companyId", dim, start, key
    ), registers AS (
      SELECT "companyId", dim, start, key, substring(t from 1 for 2) AS reg, max(get_byte(t, 2)) AS rho
      FROM keyed WHERE t IS NOT NULL GROUP BY "companyId", dim, start, key, reg
    ), sketches AS (
      SELECT "companyId", dim, start, key, string_agg(reg || set_byte(decode('00', 'hex'), 0, rho), ''::bytea) AS visitors
      FROM registers GROUP BY "companyId", dim, start, key
    )
    SELECT c."companyId", c.dim, ${span}, c.start, c.key, c.views, c.likes, c.shares, c.comments,
      c.downloads, c.watch, coalesce(s.visitors, ''::bytea)
    FROM counts c LEFT JOIN sketches s USING ("companyId", dim, start, key)`;
}

/** Day rows for [from, to], and month rows for every month of it that ends by `to`. */
async function rebuildRollup(tx: Tx, from: string, to: string): Promise<void> {
  await rebuildRollupRows(tx, "day", from, to);
  const { months } = monthsAndDays({ from: `${from.slice(0, 7)}-01`, to });
  if (months.length > 0) await rebuildRollupRows(tx, "month", months[0]!, months[months.length - 1]!);
}

/**
 * Rebuilds `[from, to]` (UTC days, both included) and moves the watermark to `to` if that
 * is later. A watermark that fell behind `from` (reset meanwhile) starts the chunk where it
 * is, so no day is ever skipped. Returns the days added beyond the old watermark.
 */
async function rollUpChunk(plannedFrom: string, to: string): Promise<number> {
  return db.$transaction(
    async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(${LOCK_KEY}::bigint)`;
      const current = await tx.analyticsRollup.findUnique({ where: { id: 1 }, select: { throughDay: true } });
      const through = current?.throughDay ? dayOf(current.throughDay) : null;
      const from = through !== null && addDays(through, 1) < plannedFrom ? addDays(through, 1) : plannedFrom;
      await tx.$executeRaw`
        DELETE FROM "engagement_daily" WHERE "day" BETWEEN ${from}::date AND ${to}::date`;
      await tx.$executeRaw`
        INSERT INTO "engagement_daily" ("companyId", "contentId", "day", "type", "events", "total")
        SELECT "companyId", "contentId", "createdAt"::date, "type", count(*)::int, coalesce(sum("value"), 0)::bigint
        FROM "engagement_event"
        WHERE "contentId" IS NOT NULL
          AND "createdAt" >= ${from}::timestamp AND "createdAt" < (${to}::date + 1)::timestamp
        GROUP BY "companyId", "contentId", "createdAt"::date, "type"`;
      await rebuildRollup(tx, from, to);
      if (through !== null && through >= to) return 0;
      const throughDay = new Date(`${to}T00:00:00Z`);
      await tx.analyticsRollup.upsert({
        where: { id: 1 },
        create: { id: 1, throughDay },
        update: { throughDay },
      });
      return daysIn({ from: through !== null && through >= from ? addDays(through, 1) : from, to });
    },
    { timeout: 10 * 60_000, maxWait: 60_000 },
  );
}

/**
 * Rolls up every closed day after the watermark (and re-rolls the last REROLL_DAYS below
 * it), oldest first, in chunks. `now` replaces the database clock (tests).
 */
export async function rollUpAnalytics(
  options: { now?: Date; chunkDays?: number } = {},
): Promise<RollupResult> {
  const lastClosed = options.now ? lastClosedDayAt(options.now) : await lastClosedDay();
  const chunkDays = options.chunkDays ?? ROLLUP_CHUNK_DAYS;
  const through = await readWatermark();
  let from = through ? addDays(through, 1 - REROLL_DAYS) : await firstEventDay();
  if (from === null || from > lastClosed) return { days: 0, throughDay: through };
  let days = 0;
  while (from <= lastClosed) {
    const candidate = addDays(from, chunkDays - 1);
    const to = candidate < lastClosed ? candidate : lastClosed;
    days += await rollUpChunk(from, to);
    from = addDays(to, 1);
  }
  return { days, throughDay: await readWatermark() };
}
