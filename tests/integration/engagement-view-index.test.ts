import { afterAll, beforeAll, expect, it } from "vitest";
import { recordView } from "@/lib/features/engagement/record-events";
import { A, C, engagementTestEnv, type EngagementTestEnv } from "./support/engagement";

/**
 * A crowd's views on one content: the check "did this visitor view it in the last 30 minutes?"
 * must read that visitor's rows through the (contentId, visitorId, type, createdAt) index,
 * not every recent view of the content (which made each view cost more as the crowd grew).
 */
let env: EngagementTestEnv;

beforeAll(async () => {
  env = await engagementTestEnv();
  await env.db.$executeRaw`
    INSERT INTO "engagement_event" ("companyId", "contentId", "type", "visitorId", "value", "createdAt")
    SELECT ${A}, ${C.open}, 'view'::"EngagementType", gen_random_uuid()::text, 1,
      (now() AT TIME ZONE 'UTC') - (n % 1500) * interval '1 second'
    FROM generate_series(1, 20000) AS n`;
  await env.db.$executeRaw`ANALYZE "engagement_event"`;
});
afterAll(() => env?.close());

it("finds a visitor's recent view through the visitor index", async () => {
  const plan = await env.db.$queryRaw<{ "QUERY PLAN": string }[]>`
    EXPLAIN SELECT 1 FROM "engagement_event"
    WHERE "contentId" = ${C.open} AND "type" = 'view' AND "visitorId" = ${"a-visitor"}
      AND "createdAt" > (now() AT TIME ZONE 'UTC') - 30 * interval '1 minute'`;
  expect(plan.map((row) => row["QUERY PLAN"]).join("\n")).toContain(
    "engagement_event_contentId_visitorId_type_createdAt_idx",
  );
});

it("still counts one view per visitor in the window", async () => {
  expect(await recordView(C.open, "crowd-fan")).toBe(true);
  expect(await recordView(C.open, "crowd-fan")).toBe(false);
});
