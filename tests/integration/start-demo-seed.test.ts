import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ObjectStore } from "@/lib/core/storage/object-store";
import { seedDemoIfAllowed } from "@/scripts/lib/demo-seed";
import { createTestDatabase, createTestStore, type TestDatabase } from "./support/context";

/** Issue #12, hole 6: the start-up step on an empty external database leaves it empty. */
describe("npm start's demo seeding on an external database", () => {
  let db: TestDatabase;
  let store: ObjectStore;

  beforeAll(async () => {
    [db, store] = await Promise.all([createTestDatabase(), createTestStore()]);
  });
  afterAll(async () => {
    store.client.destroy();
    await db.drop();
  });

  it("seeds nothing without SEED_DEMO=1 and logs one line saying why", async () => {
    const lines: string[] = [];
    const result = await seedDemoIfAllowed({
      prisma: db.prisma,
      store,
      log: (line) => lines.push(line),
      embeddedDatabase: false,
      seedDemo: undefined,
      appUrl: "http://localhost:3000",
    });
    expect(result).toEqual({ seeded: false, allowed: false });
    expect(await db.prisma.company.count()).toBe(0);
    expect(await db.prisma.user.count()).toBe(0);
    expect(lines).toEqual([
      expect.stringMatching(/^demo data not seeded: DATABASE_URL is an external database/),
    ]);
  });
});
