import { randomBytes } from "node:crypto";
import { cp, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { applyMigrations, DEFAULT_MIGRATIONS_DIR } from "@/scripts/lib/migrate";

// The boolean "admins must use two-factor" becomes who must (off, admins, everyone): a company
// that required it of its admins keeps requiring it.

const MIGRATION = "20261128035751_two_factor_requirement";
const adminUrl = inject("pgAdminUrl");
let tmp: string;
let name: string;
let url: string;

async function query<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), "afterglow-two-factor-migration-"));
  name = `mig_${randomBytes(6).toString("hex")}`;
  await admin(`CREATE DATABASE "${name}"`);
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  url = u.toString();
});
afterAll(async () => {
  await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await rm(tmp, { recursive: true, force: true });
});

describe("the two-factor requirement migration", () => {
  it("keeps 'admins' for a company that required it of its admins, 'off' for the others", async () => {
    const before = path.join(tmp, "before");
    await cp(DEFAULT_MIGRATIONS_DIR, before, {
      recursive: true,
      filter: (source) => !source.includes(MIGRATION),
    });
    await applyMigrations(url, { migrationsDir: before });
    await query(
      `INSERT INTO "company" ("id", "name", "slug", "requireAdminTwoFactor", "updatedAt")
       VALUES ('c1', 'One', 'one', true, now()), ('c2', 'Two', 'two', false, now())`,
    );
    await applyMigrations(url);
    expect(await query(`SELECT "id", "twoFactorRequired" FROM "company" ORDER BY "id"`)).toEqual([
      { id: "c1", twoFactorRequired: "admins" },
      { id: "c2", twoFactorRequired: "off" },
    ]);
  });
});
