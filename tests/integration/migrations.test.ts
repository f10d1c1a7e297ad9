import { createHash, randomBytes, randomUUID } from "node:crypto";
import { cp, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  applyMigrations,
  DEFAULT_MIGRATIONS_DIR,
  DEFAULT_SCHEMA_PATH,
  SNAPSHOT_FILE,
} from "@/scripts/lib/migrate";
import { createMigration } from "@/scripts/lib/migration-create";
import { checkDrift } from "@/scripts/lib/migration-drift";

// Everything runs against the run's throwaway PostgreSQL (global setup), in databases of
// its own, and on copies of prisma/ in a temp folder: the real files are only read.

const adminUrl = inject("pgAdminUrl");
const databases: string[] = [];
let tmp: string;

async function query<T extends pg.QueryResultRow>(url: string, sql: string, params: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

async function emptyDatabase(): Promise<string> {
  const name = `mig_${randomBytes(6).toString("hex")}`;
  await query(adminUrl, `CREATE DATABASE "${name}"`);
  databases.push(name);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A private copy of prisma/ (schema and migrations) to edit freely. */
async function prismaCopy(): Promise<{ schemaPath: string; migrationsDir: string }> {
  const dir = await mkdtemp(path.join(tmp, "prisma-"));
  await cp(DEFAULT_MIGRATIONS_DIR, path.join(dir, "migrations"), { recursive: true });
  await cp(DEFAULT_SCHEMA_PATH, path.join(dir, "schema.prisma"));
  return { schemaPath: path.join(dir, "schema.prisma"), migrationsDir: path.join(dir, "migrations") };
}

/** `model Lead` with one more column. */
const withNickname = (schema: string) => {
  const changed = schema.replace(/^model Lead \{\n/m, "$&  nickname String?\n");
  expect(changed).not.toBe(schema);
  return changed;
};

async function migrationNames(migrationsDir: string): Promise<string[]> {
  const entries = await readdir(migrationsDir, { withFileTypes: true });
  return entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), "afterglow-migrations-test-"));
});

afterAll(async () => {
  for (const name of databases) await query(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await rm(tmp, { recursive: true, force: true });
});

describe("applyMigrations", () => {
  it("applies every migration to an empty database and records it as Prisma does", async () => {
    const url = await emptyDatabase();
    const expected = await migrationNames(DEFAULT_MIGRATIONS_DIR);
    expect(expected.length).toBeGreaterThan(0);

    expect(await applyMigrations(url)).toEqual(expected);

    const rows = await query<{
      id: string;
      migration_name: string;
      checksum: string;
      finished_at: Date | null;
      rolled_back_at: Date | null;
      applied_steps_count: number;
    }>(url, `SELECT * FROM "_prisma_migrations" ORDER BY migration_name`);
    expect(rows.map((r) => r.migration_name)).toEqual(expected);
    for (const row of rows) {
      const sql = await readFile(
        path.join(DEFAULT_MIGRATIONS_DIR, row.migration_name, "migration.sql"),
        "utf8",
      );
      expect(row.checksum).toBe(sha256(sql));
      expect(row.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(row.finished_at).toBeInstanceOf(Date);
      expect(row.rolled_back_at).toBeNull();
      expect(row.applied_steps_count).toBe(1);
    }

    // Prisma's own table definition, so `prisma migrate deploy` can take over.
    const columns = await query<{ column_name: string; data_type: string; is_nullable: string }>(
      url,
      `SELECT column_name, data_type, is_nullable FROM information_schema.columns
        WHERE table_name = '_prisma_migrations' ORDER BY ordinal_position`,
    );
    expect(columns.map((c) => [c.column_name, c.data_type, c.is_nullable])).toEqual([
      ["id", "character varying", "NO"],
      ["checksum", "character varying", "NO"],
      ["finished_at", "timestamp with time zone", "YES"],
      ["migration_name", "character varying", "NO"],
      ["logs", "text", "YES"],
      ["rolled_back_at", "timestamp with time zone", "YES"],
      ["started_at", "timestamp with time zone", "NO"],
      ["applied_steps_count", "integer", "NO"],
    ]);

    // The schema is really there.
    const [table] = await query<{ found: string | null }>(
      url,
      `SELECT to_regclass('public.company')::text AS found`,
    );
    expect(table?.found).toBe("company");

    // A second run has nothing to do and records nothing.
    expect(await applyMigrations(url)).toEqual([]);
    expect(await query(url, `SELECT 1 FROM "_prisma_migrations"`)).toHaveLength(expected.length);
  });

  it("migrates once when two instances start at the same time", async () => {
    const url = await emptyDatabase();
    const expected = await migrationNames(DEFAULT_MIGRATIONS_DIR);
    const [a, b] = await Promise.all([applyMigrations(url), applyMigrations(url)]);
    expect([...a, ...b].sort()).toEqual(expected);
    expect(await query(url, `SELECT 1 FROM "_prisma_migrations"`)).toHaveLength(expected.length);
  });

  it("refuses a migration edited after it was applied, but not a line-ending change", async () => {
    const { migrationsDir } = await prismaCopy();
    const url = await emptyDatabase();
    await applyMigrations(url, { migrationsDir });
    const [first] = await migrationNames(migrationsDir);
    const file = path.join(migrationsDir, first!, "migration.sql");
    const original = await readFile(file, "utf8");

    await writeFile(file, original.replace(/\n/g, "\r\n"));
    expect(await applyMigrations(url, { migrationsDir })).toEqual([]);

    await writeFile(file, `${original}\nCREATE INDEX "sneaky" ON "lead" ("name");\n`);
    await expect(applyMigrations(url, { migrationsDir })).rejects.toThrow(
      /modified after they ran \(checksum/,
    );
  });

  it("refuses to run while a failed migration is recorded", async () => {
    const url = await emptyDatabase();
    await applyMigrations(url);
    await query(
      url,
      `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, logs)
       VALUES ($1, $2, '20990101000000_broken', 'ERROR: boom')`,
      [randomUUID(), "0".repeat(64)],
    );
    await expect(applyMigrations(url)).rejects.toThrow(/failed migration\(s\):\n\s+20990101000000_broken/);
  });

  it("rolls back a failing migration entirely and records nothing", async () => {
    const { migrationsDir } = await prismaCopy();
    const url = await emptyDatabase();
    await applyMigrations(url, { migrationsDir });
    const bad = path.join(migrationsDir, "20990101000000_bad");
    await mkdir(bad);
    await writeFile(
      path.join(bad, "migration.sql"),
      `CREATE TABLE "half" (id int);\nSELECT no_such_column FROM "lead";\n`,
    );

    await expect(applyMigrations(url, { migrationsDir })).rejects.toThrow(
      /20990101000000_bad failed and was rolled back: column "no_such_column" does not exist\n.*migration\.sql:2/,
    );
    const [half] = await query<{ found: string | null }>(
      url,
      `SELECT to_regclass('public.half')::text AS found`,
    );
    expect(half?.found).toBeNull();
    const recorded = await query(
      url,
      `SELECT 1 FROM "_prisma_migrations" WHERE migration_name = '20990101000000_bad'`,
    );
    expect(recorded).toHaveLength(0);
  });
});

// Each case builds scratch databases and runs the WebAssembly schema engine (10–45 s on two idle
// cores): more than the default minute when the machine is busy.
describe("checkDrift and createMigration", { timeout: 240_000 }, () => {
  it("finds no drift in the repository, whose one snapshot is the schema", async () => {
    expect(await checkDrift({ databaseUrl: adminUrl })).toEqual({ ok: true, problems: [] });
    expect(await readFile(path.join(DEFAULT_MIGRATIONS_DIR, SNAPSHOT_FILE), "utf8")).toBe(
      await readFile(DEFAULT_SCHEMA_PATH, "utf8"),
    );
    for (const name of await migrationNames(DEFAULT_MIGRATIONS_DIR)) {
      expect(await readdir(path.join(DEFAULT_MIGRATIONS_DIR, name))).toEqual(["migration.sql"]);
    }
  });

  it("reports a schema change until a migration for it is created", async () => {
    const paths = await prismaCopy();
    const options = { ...paths, databaseUrl: adminUrl };
    const snapshotPath = path.join(paths.migrationsDir, SNAPSHOT_FILE);
    const changed = withNickname(await readFile(paths.schemaPath, "utf8"));
    await writeFile(paths.schemaPath, changed);

    // Reported once, as the missing SQL; not again as a catalog difference.
    const drift = await checkDrift(options);
    expect(drift.ok).toBe(false);
    expect(drift.problems).toHaveLength(1);
    expect(drift.problems[0]).toMatch(/schema\.prisma differs from .*schema\.snapshot\.prisma/);
    expect(drift.problems[0]).toMatch(/ALTER TABLE "lead" ADD COLUMN\s+"nickname" TEXT/);

    const before = await migrationNames(paths.migrationsDir);
    const dir = await createMigration("Add lead nickname", options);
    expect(dir).toMatch(/[/\\]\d{14}_add_lead_nickname$/);
    expect(await migrationNames(paths.migrationsDir)).toEqual([...before, path.basename(dir!)]);
    expect(await readFile(path.join(dir!, "migration.sql"), "utf8")).toMatch(/ADD COLUMN\s+"nickname" TEXT/);
    // The migration folder holds its SQL only; the one snapshot is now the new schema.
    expect(await readdir(dir!)).toEqual(["migration.sql"]);
    expect(await readFile(snapshotPath, "utf8")).toBe(changed);
    expect(await readFile(path.join(paths.migrationsDir, "migration_lock.toml"), "utf8")).toMatch(
      /^provider = "postgresql"$/m,
    );

    expect(await checkDrift(options)).toEqual({ ok: true, problems: [] });
    expect(await createMigration("nothing", options)).toBeNull();

    // The new migration applies on top of the old ones.
    const url = await emptyDatabase();
    await applyMigrations(url, { migrationsDir: paths.migrationsDir });
    const columns = await query(
      url,
      `SELECT 1 FROM information_schema.columns WHERE table_name = 'lead' AND column_name = 'nickname'`,
    );
    expect(columns).toHaveLength(1);
  });

  it("reports migration SQL that does not build the schema", async () => {
    const paths = await prismaCopy();
    const [first] = await migrationNames(paths.migrationsDir);
    const file = path.join(paths.migrationsDir, first!, "migration.sql");
    const sql = await readFile(file, "utf8");
    const edited = sql
      .replace(/CREATE INDEX "lead_contentId_idx"[^;]*;/, "")
      .replace(`"consent" BOOLEAN NOT NULL DEFAULT false`, `"consent" BOOLEAN NOT NULL DEFAULT true`);
    expect(edited).not.toBe(sql);
    await writeFile(file, edited);

    const drift = await checkDrift({ ...paths, databaseUrl: adminUrl });
    expect(drift.ok).toBe(false);
    expect(drift.problems).toHaveLength(2);
    expect(drift.problems.join("\n")).toMatch(/lack index public\.lead_contentId_idx/);
    expect(drift.problems.join("\n")).toMatch(
      /column public\.lead\.consent differs: .*DEFAULT true.*DEFAULT false/,
    );
  });
  it("reports a column added to the snapshot alone", async () => {
    const paths = await prismaCopy();
    const snapshotPath = path.join(paths.migrationsDir, SNAPSHOT_FILE);
    await writeFile(snapshotPath, withNickname(await readFile(snapshotPath, "utf8")));

    const drift = await checkDrift({ ...paths, databaseUrl: adminUrl });
    expect(drift.ok).toBe(false);
    const problems = drift.problems.join("\n");
    // The schema does not have it …
    expect(problems).toMatch(
      /schema\.prisma differs from .*schema\.snapshot\.prisma[^]*DROP COLUMN "nickname"/,
    );
    // … and no migration creates it.
    expect(problems).toMatch(
      /The migrations lack column public\.lead\.nickname \(.*schema\.snapshot\.prisma: text NULL\)/,
    );
  });

  it("reports, and will not diff from, a snapshot the migrations do not build", async () => {
    // Schema and snapshot edited together by hand, without a migration: they agree, so
    // only building the migrations shows it.
    const paths = await prismaCopy();
    const options = { ...paths, databaseUrl: adminUrl };
    const snapshotPath = path.join(paths.migrationsDir, SNAPSHOT_FILE);
    const changed = withNickname(await readFile(paths.schemaPath, "utf8"));
    await writeFile(paths.schemaPath, changed);
    await writeFile(snapshotPath, changed);

    const drift = await checkDrift(options);
    expect(drift.ok).toBe(false);
    expect(drift.problems).toEqual([
      expect.stringMatching(
        /^The migrations lack column public\.lead\.nickname \(.*schema\.snapshot\.prisma: text NULL\)\.$/,
      ),
    ]);

    // A migration diffed from this snapshot would lack the column: refused, nothing written.
    const before = await migrationNames(paths.migrationsDir);
    await writeFile(paths.schemaPath, changed.replace(/^model Lead \{\n/m, "$&  pronouns String?\n"));
    await expect(createMigration("pronouns", options)).rejects.toThrow(
      /The migrations do not build .*schema\.snapshot\.prisma[^]*lack column public\.lead\.nickname/,
    );
    expect(await migrationNames(paths.migrationsDir)).toEqual(before);
    expect(await readFile(snapshotPath, "utf8")).toBe(changed);
  });

  it("reports a missing snapshot, and schema copies left in migration folders", async () => {
    const paths = await prismaCopy();
    const options = { ...paths, databaseUrl: adminUrl };
    const snapshotPath = path.join(paths.migrationsDir, SNAPSHOT_FILE);
    const [first] = await migrationNames(paths.migrationsDir);
    const copy = path.join(paths.migrationsDir, first!, "schema.prisma");
    await cp(snapshotPath, copy);

    let drift = await checkDrift(options);
    expect(drift.problems).toEqual([
      expect.stringMatching(/no longer keep a copy of the schema[^]*schema\.prisma$/),
    ]);
    await expect(createMigration("x", options)).rejects.toThrow(/no longer keep a copy of the schema/);

    await rm(copy);
    await rm(snapshotPath);
    drift = await checkDrift(options);
    expect(drift.ok).toBe(false);
    expect(drift.problems).toEqual([
      expect.stringMatching(/schema\.snapshot\.prisma is missing: .*Restore it from git/),
    ]);
    await expect(createMigration("x", options)).rejects.toThrow(/schema\.snapshot\.prisma is missing/);
    await expect(stat(snapshotPath)).rejects.toThrow();
  });
});
