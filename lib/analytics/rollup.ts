import type { PrismaClient } from "@/lib/db-client";
import { addDays, dayOf, daysIn } from "@/lib/analytics/range";

/**
 * The daily roll-up of `engagement_event` into `engagement_daily`, so analytics over months
 * read one row per content, day and type instead of every event.
 *
 * Only closed UTC days are rolled up (events are stamped with the database's clock at
 * insert, so a closed day gets no new rows); `analytics_rollup.throughDay` is the watermark.
 * Readers take roll-up rows up to the watermark and raw rows after it, so a figure is the
 * same before and after a run. Each chunk of days is rebuilt (delete, then insert from the
 * raw rows) and the watermark moved in one transaction under an advisory lock: a crash
 * leaves the previous state, and two runs at once (two app instances) do the work once.
 */
export const ROLLUP_CHUNK_DAYS = 31;

/** Advisory lock key of the roll-up ("analytics-rollup"). */
const LOCK_KEY = 0x616e_726f;

export interface RollupResult {
  /** Days rolled up by this run (0: nothing to do). */
  days: number;
  /** The watermark after the run, YYYY-MM-DD, or null when there is nothing yet. */
  throughDay: string | null;
}

export async function readWatermark(db: PrismaClient): Promise<string | null> {
  const row = await db.analyticsRollup.findUnique({ where: { id: 1 }, select: { throughDay: true } });
  return row?.throughDay ? dayOf(row.throughDay) : null;
}

async function firstEventDay(db: PrismaClient): Promise<string | null> {
  const rows = await db.$queryRaw<{ day: string | null }[]>`
    SELECT to_char(min("createdAt"), 'YYYY-MM-DD') AS day FROM "engagement_event"`;
  return rows[0]?.day ?? null;
}

/** Rolls up `[from, to]` (UTC days, both included) unless another run already did. */
async function rollUpChunk(db: PrismaClient, from: string, to: string): Promise<boolean> {
  return db.$transaction(
    async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(${LOCK_KEY}::bigint)`;
      const current = await tx.analyticsRollup.findUnique({ where: { id: 1 }, select: { throughDay: true } });
      const through = current?.throughDay ? dayOf(current.throughDay) : null;
      if (through !== null && through >= to) return false;
      await tx.$executeRaw`
        DELETE FROM "engagement_daily" WHERE "day" BETWEEN ${from}::date AND ${to}::date`;
      await tx.$executeRaw`
        INSERT INTO "engagement_daily" ("companyId", "contentId", "day", "type", "events", "total")
        SELECT "companyId", "contentId", "createdAt"::date, "type", count(*)::int, coalesce(sum("value"), 0)::bigint
        FROM "engagement_event"
        WHERE "contentId" IS NOT NULL
          AND "createdAt" >= ${from}::timestamp AND "createdAt" < (${to}::date + 1)::timestamp
        GROUP BY "companyId", "contentId", "createdAt"::date, "type"`;
      await tx.analyticsRollup.upsert({
        where: { id: 1 },
        create: { id: 1, throughDay: new Date(`${to}T00:00:00Z`) },
        update: { throughDay: new Date(`${to}T00:00:00Z`) },
      });
      return true;
    },
    { timeout: 10 * 60_000, maxWait: 60_000 },
  );
}

/**
 * Rolls up every closed day after the watermark, oldest first, in chunks. `now` decides
 * which days are closed (tests move it).
 */
export async function rollUpAnalytics(
  db: PrismaClient,
  options: { now?: Date; chunkDays?: number } = {},
): Promise<RollupResult> {
  const yesterday = addDays(dayOf(options.now ?? new Date()), -1);
  const chunkDays = options.chunkDays ?? ROLLUP_CHUNK_DAYS;
  const through = await readWatermark(db);
  let from = through ? addDays(through, 1) : await firstEventDay(db);
  if (from === null || from > yesterday) return { days: 0, throughDay: through };
  let days = 0;
  while (from <= yesterday) {
    const candidate = addDays(from, chunkDays - 1);
    const to = candidate < yesterday ? candidate : yesterday;
    if (await rollUpChunk(db, from, to)) days += daysIn({ from, to });
    from = addDays(to, 1);
  }
  return { days, throughDay: await readWatermark(db) };
}
