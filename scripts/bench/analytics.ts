/**
 * Analytics benchmark, for `npm run bench` (scripts/bench/run.ts calls `runAnalyticsBench`):
 * the queries of the analytics page (overview + table) and of the dashboard over 1 000 000
 * recorded engagement events of one company (a year of them, 200 contents, 20 events, plus
 * 200 000 of another company), first on the raw rows, then after the daily roll-up, with the
 * roll-up's own time. Runs on a throwaway embedded PostgreSQL; prints the median of 5 runs.
 *
 * Run alone: `node --conditions=react-server --import tsx scripts/bench/analytics.ts`
 *   BENCH_ANALYTICS_EVENTS=1000000  BENCH_ANALYTICS_RUNS=5
 *
 * The queries are the app's own (lib/analytics), which use the app's database singleton
 * (`lib/core/db.ts`, bound by DATABASE_URL and `server-only`): they run in a child process of
 * their own, started with `--conditions=react-server` and DATABASE_URL set before any lib
 * module is loaded. The bench seeds through an explicit client of its own.
 */
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { lastDays, type DayRange } from "@/lib/features/analytics/range";
import { recordFigure, writeBenchResults } from "@/scripts/bench/results";
import { createPrismaClient, type PrismaClient } from "@/lib/core/db-client";
import { ensureDatabase, startEmbeddedPostgres } from "@/scripts/lib/embedded-postgres";
import { freePort } from "@/scripts/lib/free-port";
import { applyMigrations } from "@/scripts/lib/migrate";

// A developer tool, not the app: it reads its own knobs from the environment.
const settings = {
  events: Number(process.env.BENCH_ANALYTICS_EVENTS ?? 1_000_000),
  runs: Number(process.env.BENCH_ANALYTICS_RUNS ?? 5),
};
const COMPANY = "bench-co";
const OTHER = "bench-other";
const CONTENTS = 200;
const EVENTS = 20;

const log = (line: string) => console.log(`[bench] analytics: ${line}`);

async function seed(db: PrismaClient): Promise<void> {
  for (const [id, slug] of [
    [COMPANY, "bench-co"],
    [OTHER, "bench-other"],
  ] as const) {
    await db.company.create({ data: { id, name: slug, slug } });
  }
  await db.content.createMany({
    data: Array.from({ length: CONTENTS }, (_, i) => ({
      id: `bench-c-${i}`,
      companyId: COMPANY,
      title: `Content ${i}`,
      status: "published" as const,
    })),
  });
  await db.content.create({
    data: { id: "bench-other-c", companyId: OTHER, title: "Other", status: "published" },
  });
  await db.event.createMany({
    data: Array.from({ length: EVENTS }, (_, i) => ({
      id: `bench-e-${i}`,
      companyId: COMPANY,
      name: `Event ${i}`,
      slug: `bench-event-${i}`,
      startsAt: new Date(Date.UTC(2026, 0, 1 + i * 15)),
      status: "published" as const,
    })),
  });
  await db.contentEvent.createMany({
    data: Array.from({ length: CONTENTS }, (_, i) => ({
      contentId: `bench-c-${i}`,
      eventId: `bench-e-${i % EVENTS}`,
    })),
  });
  // A year of fan actions in one statement: mostly views, popular contents and returning fans
  // more often (squared randoms), watch time in 10-second reports.
  const insert = (companyId: string, content: string, count: number) =>
    db.$executeRawUnsafe(`
    INSERT INTO "engagement_event" ("companyId", "contentId", "type", "visitorId", "value", "createdAt")
    SELECT '${companyId}', ${content}, t.type::"EngagementType", 'v' || floor(random() ^ 2 * 50000)::int,
           CASE WHEN t.type = 'watch_time' THEN 10 ELSE 1 END,
           (now() AT TIME ZONE 'UTC') - random() * interval '365 days'
    FROM generate_series(1, ${count}) g,
    LATERAL (SELECT random() AS r, g AS keep) x,
    LATERAL (SELECT CASE
      WHEN x.r < 0.60 THEN 'view' WHEN x.r < 0.70 THEN 'like' WHEN x.r < 0.72 THEN 'unlike'
      WHEN x.r < 0.77 THEN 'share' WHEN x.r < 0.85 THEN 'download' WHEN x.r < 0.95 THEN 'watch_time'
      WHEN x.r < 0.98 THEN 'comment' ELSE 'lead' END AS type) t`);
  await insert(COMPANY, `'bench-c-' || floor(random() ^ 2 * ${CONTENTS})::int`, settings.events);
  await insert(OTHER, `'bench-other-c'`, Math.round(settings.events / 5));
  // What autovacuum does to a table that has settled: statistics, and the visibility map
  // that lets the unique-visitor counts scan the index alone.
  await db.$executeRawUnsafe(`VACUUM ANALYZE "engagement_event"`);
}

async function median(run: () => Promise<unknown>): Promise<number> {
  await run(); // warm-up: plans and caches
  const times: number[] = [];
  for (let i = 0; i < settings.runs; i++) {
    const t = process.hrtime.bigint();
    await run();
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

type AnalyticsQueries = typeof import("@/lib/features/analytics/queries");

function pageQueries(q: AnalyticsQueries, range: DayRange, by: "content" | "event") {
  return () => q.getAnalyticsReport(COMPANY, range, by);
}

async function measureAll(q: AnalyticsQueries): Promise<Record<string, number>> {
  return {
    "page, 30 days, by content": await median(pageQueries(q, lastDays(30), "content")),
    "page, 30 days, by event": await median(pageQueries(q, lastDays(30), "event")),
    "page, 365 days, by content": await median(pageQueries(q, lastDays(365), "content")),
    "dashboard (all time)": await median(() => q.getAllTimeCounts(COMPANY)),
  };
}

/** Runs the bench in a child process (see the file's comment); rejects when it fails. */
export function runAnalyticsBench(): Promise<void> {
  const child = spawn(
    process.execPath,
    ["--conditions=react-server", "--import", "tsx", fileURLToPath(import.meta.url)],
    { stdio: "inherit" },
  );
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`analytics bench exited with ${code ?? "a signal"}`)),
    );
  });
}

async function benchInThisProcess(): Promise<void> {
  let disconnectApp: (() => Promise<void>) | undefined;
  const root = await mkdtemp(path.join(os.tmpdir(), "afterglow-bench-analytics-"));
  const pg = await startEmbeddedPostgres({
    dataDir: path.join(root, "pg"),
    port: await freePort(),
    persistent: false,
    log: (line) => {
      if (/PANIC|FATAL|ERROR|terminated/.test(line)) console.error(`[bench] postgres: ${line}`);
    },
  });
  const db = createPrismaClient(pg.urlFor("bench"));
  try {
    await ensureDatabase(pg.adminUrl, "bench");
    await applyMigrations(pg.urlFor("bench"));
    let t = Date.now();
    await seed(db);
    log(
      `${settings.events.toLocaleString("en")} events of one company over 365 days (+20% of another) loaded in ${((Date.now() - t) / 1000).toFixed(1)} s`,
    );

    // The app's singletons read DATABASE_URL once, when lib/core/env is first loaded: now.
    process.env.DATABASE_URL = pg.urlFor("bench");
    const q = await import("@/lib/features/analytics/queries");
    disconnectApp = (await import("@/lib/core/db")).db.$disconnect;
    const { rollUpAnalytics } = await import("@/lib/features/analytics/rollup");
    const raw = await measureAll(q);
    const before = await q.getAnalyticsOverview(COMPANY, lastDays(365));
    t = Date.now();
    const rollup = await rollUpAnalytics();
    const rollupSeconds = (Date.now() - t) / 1000;
    await db.$executeRawUnsafe(`VACUUM ANALYZE "engagement_daily"`);
    const rolled = await measureAll(q);

    // The figures must not change with the roll-up (the sketches of the raw rows and of the
    // roll-up are the same registers), and the year's estimated unique visitors must be within
    // the sketch's error of the exact count.
    const after = await q.getAnalyticsOverview(COMPANY, lastDays(365));
    const { exactUniqueBy } = await import("@/lib/features/analytics/dimensions");
    const exact = (await exactUniqueBy(COMPANY, lastDays(365), "all")).get("") ?? 0;
    const estimateError = Math.abs(after.totals.uniqueVisitors - exact) / Math.max(1, exact);
    const consistent = JSON.stringify(before) === JSON.stringify(after) && estimateError <= 0.03;
    recordFigure("analytics.year.byContentMs", Math.round(rolled["page, 365 days, by content"]!));
    recordFigure("analytics.month.byContentMs", Math.round(rolled["page, 30 days, by content"]!));

    console.log("");
    console.log(
      ["query (median of " + settings.runs + ")", "raw rows ms", "rolled up ms"]
        .map((s, i) => (i ? s.padStart(13) : s.padEnd(30)))
        .join(""),
    );
    for (const name of Object.keys(raw)) {
      console.log(
        name.padEnd(30) + raw[name]!.toFixed(0).padStart(13) + rolled[name]!.toFixed(0).padStart(13),
      );
    }
    console.log("");
    log(
      `roll-up of ${rollup.days} days: ${rollupSeconds.toFixed(1)} s; figures ${consistent ? "unchanged" : "CHANGED"}; ` +
        `unique visitors over 365 days ${after.totals.uniqueVisitors} estimated, ${exact} exact (${(estimateError * 100).toFixed(2)} %)`,
    );
    log(
      `analytics.year.byContentMs ${rolled["page, 365 days, by content"]!.toFixed(0)} (target < 150), ` +
        `analytics.month.byContentMs ${rolled["page, 30 days, by content"]!.toFixed(0)} (target < 60)`,
    );
    // This runs in a child process: its figures reach .bench/results.json through the file
    // (run.ts merges its own into it at the end).
    await writeBenchResults();
    if (!consistent) process.exitCode = 1;
  } finally {
    await disconnectApp?.();
    await db.$disconnect();
    await pg.stop();
    await rm(root, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  benchInThisProcess().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
