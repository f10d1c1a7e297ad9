import type PgBoss from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dayOf } from "@/lib/analytics/range";
import { lastClosedDayAt, readWatermark } from "@/lib/analytics/rollup";
import { startAnalyticsRollup } from "@/lib/jobs/analytics";
import { createBoss, ensureQueues } from "@/lib/jobs/boss";
import { createTestDatabase, type TestDatabase } from "./support/context";

// The roll-up as the app runs it: a pg-boss queue on the app's database, worked in-process
// and run once at start.

let database: TestDatabase;
let boss: PgBoss | undefined;

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.prisma;
  await db.company.create({ data: { id: "co-job", name: "Job Co", slug: "job-co" } });
  await db.content.create({ data: { id: "c-job", companyId: "co-job", title: "Clip", status: "published" } });
  const closedNoon = new Date(`${lastClosedDayAt(new Date())}T12:00:00Z`);
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
  await database?.drop();
});

describe("analytics roll-up job", () => {
  it("rolls up the closed days as soon as the worker starts", async () => {
    boss = createBoss(database.url, { max: 2 });
    await boss.start();
    await ensureQueues(boss);
    const logs: string[] = [];
    const job = await startAnalyticsRollup(boss, database.prisma, { cron: null, log: (m) => logs.push(m) });

    const yesterday = lastClosedDayAt(new Date());
    await expect
      .poll(() => readWatermark(database.prisma), { timeout: 30_000, interval: 250 })
      .toBe(yesterday);
    const rows = await database.prisma.engagementDaily.findMany({ where: { contentId: "c-job" } });
    expect(rows.map((r) => [dayOf(r.day), r.type, r.events])).toEqual([[yesterday, "view", 3]]);
    await expect.poll(() => logs.length, { timeout: 5_000 }).toBeGreaterThan(0);
    expect(logs[0]).toContain(`through ${yesterday}`);
    await job.stop();
  });
});
