import { randomBytes } from "node:crypto";
import { cp, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { sourceHash } from "@/lib/features/translation/fields";
import { applyMigrations, DEFAULT_MIGRATIONS_DIR } from "@/scripts/lib/migrate";

// The data migration of issue #15: the old JSON translations of company texts become
// text_translation rows (hash computed in SQL exactly as `sourceHash` does), then the columns go.

const MIGRATION = "20261124173205_json_translations_to_rows";
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

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), "afterglow-translation-migration-"));
  name = `mig_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  url = u.toString();
});
afterAll(async () => {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.end();
  await rm(tmp, { recursive: true, force: true });
});

describe("the JSON translations migration", () => {
  it("copies each translation into a ready automatic row of the current source, then drops the columns", async () => {
    // Every migration before this one, then data as the old code wrote it, then this one.
    const before = path.join(tmp, "before");
    await cp(DEFAULT_MIGRATIONS_DIR, before, {
      recursive: true,
      filter: (source) => !source.includes(MIGRATION),
    });
    await applyMigrations(url, { migrationsDir: before });
    const description = "Somos uma promotora do Porto — «festas» & concertos.";
    await query(
      `INSERT INTO "company" ("id", "name", "slug", "description", "descriptionTranslations", "landingPageName",
         "landingPageDescription", "landingPageTranslations", "updatedAt")
       VALUES ('c1', 'One', 'one', $1, $2, 'Galerias', NULL, $3, now()),
              ('c2', 'Two', 'two', NULL, $4, NULL, NULL, '"not an object"', now()),
              ('c3', 'Three', 'three', 'Hello', $5, NULL, NULL, NULL, now())`,
      [
        description,
        JSON.stringify({ en: "We are a Porto promoter.", es: "", de: "ignored", pt: "ignored", fr: 3 }),
        JSON.stringify({ en: { name: "Galleries", description: "Intro" }, es: "not an object" }),
        JSON.stringify({ en: "no source" }),
        JSON.stringify({ en: "source locale", pt: "Olá" }),
      ],
    );
    await query(`UPDATE "company" SET "sourceLocale" = 'en' WHERE "id" = 'c3'`);
    await applyMigrations(url);

    const rows = await query<{
      entityId: string;
      field: string;
      locale: string;
      text: string;
      origin: string;
      state: string;
      sourceHash: string;
    }>(
      `SELECT "entityId", "field", "locale", "text", "origin", "state", "sourceHash" FROM "text_translation" ORDER BY "entityId", "field", "locale"`,
    );
    expect(rows).toEqual([
      {
        entityId: "c1",
        field: "description",
        locale: "en",
        text: "We are a Porto promoter.",
        origin: "automatic",
        state: "ready",
        sourceHash: sourceHash(description, "pt"),
      },
      // The landing page's description has no source: its version is not kept. Its name's
      // version may be of older words (the app never dropped that JSON on an edit): kept, but
      // pending and of an unknown source, so fans see the source until an engine redoes it.
      {
        entityId: "c1",
        field: "landingPageName",
        locale: "en",
        text: "Galleries",
        origin: "automatic",
        state: "pending",
        sourceHash: "legacy",
      },
      // An English source: its English "translation" is dropped, the Portuguese one kept.
      {
        entityId: "c3",
        field: "description",
        locale: "pt",
        text: "Olá",
        origin: "automatic",
        state: "ready",
        sourceHash: sourceHash("Hello", "en"),
      },
    ]);
    const columns = await query<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns WHERE table_name = 'company' AND column_name LIKE '%Translations'`,
    );
    expect(columns).toEqual([]);
  });
});
