import type PgBoss from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dayOf } from "@/lib/features/analytics/range";
import { lastClosedDayAt, readWatermark } from "@/lib/features/analytics/rollup";
import { db } from "@/lib/core/db";
import { env } from "@/lib/core/env";
import { startAnalyticsRollup } from "@/lib/surfaces/workers/analytics";
import { createBoss, ensureQueues } from "@/lib/core/queue/boss";

// The roll-up as the app runs it: a pg-boss queue on the app's database, worked in-process
// and run once at start.

let boss: PgBoss | undefined;
/** The closed day the fans' views are on. */
let eventDay: string;

beforeAll(async () => {
  await db.company.create({ data: { id: "co-job", name: "Job Co", slug: "job-co" } });
  await db.content.create({ data: { id: "c-job", companyId: "co-job", title: "Clip", status: "published" } });
  eventDay = lastClosedDayAt(new Date());
  const closedNoon = new Date(`${eventDay}T12:00:00Z`);
  await db.engagementEvent.createMany({
    data: [1, 2, 3].map((i) => ({
      companyId: "co-job",
      contentId: "c-job",
      type: "view" as const,
      visitorId: `v${i}`,
      createdAt: closedNoon,
    })),
  });
});
afterAll(async () => {
  await boss?.stop({ graceful: false, wait: true }).catch(() => undefined);
});

describe("analytics roll-up job", () => {
  it("rolls up the closed days as soon as the worker starts", async () => {
    boss = createBoss(env.DATABASE_URL!, { max: 2 });
    await boss.start();
    await ensureQueues(boss);
    const logs: string[] = [];
    const job = await startAnalyticsRollup(boss, { cron: null, log: (m) => logs.push(m) });

    // The last closed day as the job sees it (the database's clock, read when it runs): compared
    // at each poll, so a run that crosses 01:00 UTC (a day closing) expects the newer day.
    await expect
      .poll(async () => (await readWatermark()) === lastClosedDayAt(new Date()), {
        timeout: 30_000,
        interval: 250,
      })
      .toBe(true);
    const through = (await readWatermark())!;
    expect(through >= eventDay).toBe(true);
    const rows = await db.engagementDaily.findMany({ where: { contentId: "c-job" } });
    expect(rows.map((r) => [dayOf(r.day), r.type, r.events])).toEqual([[eventDay, "view", 3]]);
    await expect.poll(() => logs.length, { timeout: 5_000 }).toBeGreaterThan(0);
    expect(logs[0]).toContain(`through ${through}`);
    await job.stop();
  });
});
