import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ObjectStore } from "@/lib/core/storage/object-store";
import { listenHost, seedDemoIfAllowed } from "@/scripts/lib/demo-seed";
import { createTestDatabase, createTestStore, type TestDatabase } from "./support/context";

/**
 * The start-up step (what scripts/start.ts calls) on an empty database of the run's embedded
 * PostgreSQL: issue #12, hole 6 (an external database) and issue #34, row 13 (an app other
 * machines can reach) leave it empty, and say why in one line.
 */
describe("npm start's demo seeding", () => {
  let db: TestDatabase;
  let store: ObjectStore;

  beforeAll(async () => {
    [db, store] = await Promise.all([createTestDatabase(), createTestStore()]);
  });
  afterAll(async () => {
    store.client.destroy();
    await db.drop();
  });

  const run = async (options: { embeddedDatabase: boolean; appUrl: string; host: string | undefined }) => {
    const lines: string[] = [];
    const result = await seedDemoIfAllowed({
      prisma: db.prisma,
      store,
      log: (line) => lines.push(line),
      embeddedDatabase: options.embeddedDatabase,
      seedDemo: undefined,
      appUrl: options.appUrl,
      // As start.ts derives it from HOST and APP_URL.
      listenHost: listenHost({ host: options.host, appUrl: options.appUrl }),
    });
    expect(result).toEqual({ seeded: false, allowed: false });
    expect(await db.prisma.company.count()).toBe(0);
    expect(await db.prisma.user.count()).toBe(0);
    return lines;
  };

  it("seeds nothing into an external database without SEED_DEMO=1", async () => {
    const lines = await run({ embeddedDatabase: false, appUrl: "http://localhost:3000", host: undefined });
    expect(lines).toEqual([
      expect.stringMatching(/^demo data not seeded: DATABASE_URL is an external database/),
    ]);
  });

  it("seeds nothing into the embedded database behind a public APP_URL without SEED_DEMO=1", async () => {
    const lines = await run({
      embeddedDatabase: true,
      appUrl: "https://gallery.example.com",
      host: undefined,
    });
    expect(lines).toEqual([
      expect.stringMatching(/^demo data not seeded: APP_URL \(gallery\.example\.com\) .*SEED_DEMO=1/),
    ]);
  });

  it("seeds nothing into the embedded database of an app listening on every interface (HOST=0.0.0.0)", async () => {
    const lines = await run({ embeddedDatabase: true, appUrl: "http://localhost:3000", host: "0.0.0.0" });
    expect(lines).toEqual([
      expect.stringMatching(/^demo data not seeded: the app listens on 0\.0\.0\.0 .*SEED_DEMO=1/),
    ]);
  });
});
