import { randomUUID } from "node:crypto";
import { hashPassword, verifyPassword } from "better-auth/crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD, DEMO_USERS, OTHER_ADMIN_EMAIL } from "@/prisma/seed";
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

/**
 * Issue #34, low review finding: demo accounts seeded by an earlier loopback run survived a later
 * public start, still signing in with the README's password. Such a start disables them.
 */
describe("npm start on a public address, with the demo accounts of an earlier run", () => {
  let db: TestDatabase;
  let store: ObjectStore;

  beforeAll(async () => {
    [db, store] = await Promise.all([createTestDatabase(), createTestStore()]);
  });
  afterAll(async () => {
    store.client.destroy();
    await db.drop();
  });

  /** A user with a credential account (as the seed writes it) and a live session. */
  async function account(email: string, password: string): Promise<string> {
    const id = randomUUID();
    await db.prisma.user.create({ data: { id, email, name: email, emailVerified: true } });
    await db.prisma.account.create({
      data: {
        id: randomUUID(),
        accountId: id,
        providerId: "credential",
        userId: id,
        password: await hashPassword(password),
      },
    });
    await db.prisma.session.create({
      data: {
        id: randomUUID(),
        token: randomUUID(),
        userId: id,
        expiresAt: new Date(Date.now() + 3_600_000),
      },
    });
    return id;
  }
  const passwordOf = async (userId: string) =>
    (await db.prisma.account.findFirstOrThrow({ where: { userId, providerId: "credential" } })).password ??
    "";
  const opensWith = async (userId: string, password: string) =>
    verifyPassword({ hash: await passwordOf(userId), password });

  it("disables those still on the public password (sessions ended, logged why) and leaves the others alone", async () => {
    const open = await account(DEMO_USERS.admin, DEMO_PASSWORD);
    const openElsewhere = await account(OTHER_ADMIN_EMAIL, DEMO_PASSWORD);
    const changed = await account(DEMO_USERS.manager, "Their0wn!Password");
    const stranger = await account("someone@example.com", DEMO_PASSWORD);

    const lines: string[] = [];
    const result = await seedDemoIfAllowed({
      prisma: db.prisma,
      store,
      log: (line) => lines.push(line),
      embeddedDatabase: true,
      seedDemo: undefined,
      appUrl: "https://gallery.example.com",
      listenHost: listenHost({ host: undefined, appUrl: "https://gallery.example.com" }),
    });
    expect(result).toEqual({ seeded: false, allowed: false });
    expect(lines).toEqual([
      expect.stringMatching(/^demo data not seeded: APP_URL/),
      expect.stringMatching(
        /^demo accounts disabled \(admin@demo\.test, admin@other\.test\): .*public demo password.*APP_URL \(gallery\.example\.com\)/,
      ),
    ]);

    for (const id of [open, openElsewhere]) {
      expect(await opensWith(id, DEMO_PASSWORD)).toBe(false);
      expect(await db.prisma.session.count({ where: { userId: id } })).toBe(0);
    }
    // Changed password: no longer the public one, left as it is; not a demo account: never touched.
    expect(await opensWith(changed, "Their0wn!Password")).toBe(true);
    expect(await opensWith(stranger, DEMO_PASSWORD)).toBe(true);
    for (const id of [changed, stranger])
      expect(await db.prisma.session.count({ where: { userId: id } })).toBe(1);

    // The next such start finds nothing more to do, and says nothing of it.
    const again: string[] = [];
    await seedDemoIfAllowed({
      prisma: db.prisma,
      store,
      log: (line) => again.push(line),
      embeddedDatabase: false,
      seedDemo: undefined,
      appUrl: "https://gallery.example.com",
      listenHost: undefined,
    });
    expect(again).toEqual([expect.stringMatching(/^demo data not seeded: DATABASE_URL/)]);
  });
});
