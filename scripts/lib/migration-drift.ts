import { readFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import {
  applyMigrations,
  DEFAULT_MIGRATIONS_DIR,
  DEFAULT_SCHEMA_PATH,
  display,
  legacySnapshots,
  LOCK_FILE,
  readMigrations,
  readSnapshot,
  type EngineOptions,
  indent,
  type LocalMigration,
} from "./migrate";
import { withSchemaEngine } from "./schema-engine";
import { withScratchDatabases, withServer } from "./scratch-postgres";

/** The migration drift check (`npm run db:drift`, .ci/run): migrations, snapshot and schema agree. */

const silent = (): undefined => undefined;

export interface DriftReport {
  ok: boolean;
  problems: string[];
}

/**
 * Checks that (1) the snapshot (`migrations/schema.snapshot.prisma`, the schema as of the
 * newest migration) matches `schema.prisma`, and (2) the migrations' SQL builds the schema
 * of the snapshot: one database is built from the migrations, one from a diff from empty,
 * and their catalogs compared. (2) catches hand-edited SQL and a snapshot edited, merged or
 * left behind without its migration, which (1) cannot see.
 */
export async function checkDrift(options?: EngineOptions): Promise<DriftReport> {
  const log = options?.log ?? silent;
  const schemaPath = options?.schemaPath ?? DEFAULT_SCHEMA_PATH;
  const migrationsDir = options?.migrationsDir ?? DEFAULT_MIGRATIONS_DIR;
  const problems: string[] = [];

  const schema = { path: display(schemaPath), content: await readFile(schemaPath, "utf8") };
  let migrations: LocalMigration[];
  try {
    migrations = await readMigrations(migrationsDir);
  } catch (error) {
    return { ok: false, problems: [(error as Error).message] };
  }
  const newest = migrations.at(-1);
  if (!newest) {
    return {
      ok: false,
      problems: [`No migrations in ${migrationsDir}: run \`npm run db:migration -- init\`.`],
    };
  }
  const lockFile = await readFile(path.join(migrationsDir, LOCK_FILE), "utf8").catch(() => "");
  if (!/^\s*provider\s*=\s*"postgresql"\s*$/m.test(lockFile)) {
    problems.push(
      `${display(path.join(migrationsDir, LOCK_FILE))} is missing or does not say provider = "postgresql".`,
    );
  }
  problems.push(...(await legacySnapshots(migrationsDir, migrations)));
  const snapshot = await readSnapshot(migrationsDir, newest).catch((error: Error) => {
    problems.push(error.message);
    return null;
  });

  await withServer(
    options?.databaseUrl,
    async (serverUrl) => {
      // The migrations are compared with the snapshot they claim to implement, so that a
      // schema change not yet migrated is reported once, by the first check, and not again
      // as a catalog difference. Once that check passes, snapshot and schema are the same.
      const { pendingSql, fromEmptySql } = await withSchemaEngine(
        serverUrl,
        async (engine) => ({
          pendingSql: snapshot ? await engine.diffSql(snapshot, schema) : null,
          fromEmptySql: (await engine.diffSql("empty", snapshot ?? schema)) ?? "",
        }),
        { log },
      );
      if (pendingSql && snapshot) {
        problems.push(
          `${schema.path} differs from ${snapshot.path}, the schema as of the newest migration: ` +
            `create a migration with \`npm run db:migration -- <name>\`. Missing SQL:\n${indent(pendingSql.trim(), 2)}`,
        );
      }
      problems.push(
        ...(await compareWithMigrations(
          serverUrl,
          migrationsDir,
          fromEmptySql,
          snapshot?.path ?? schema.path,
        )),
      );
    },
    log,
  );
  return { ok: problems.length === 0, problems };
}

/**
 * Builds one scratch database from the migrations and one from `fromEmptySql` (the schema
 * named `schemaName`, diffed from empty) and lists how their catalogs differ.
 */
export async function compareWithMigrations(
  serverUrl: string,
  migrationsDir: string,
  fromEmptySql: string,
  schemaName: string,
): Promise<string[]> {
  return withScratchDatabases(serverUrl, ["migrations", "schema"], async ([migrationsUrl, schemaUrl]) => {
    try {
      await applyMigrations(migrationsUrl!, { migrationsDir });
    } catch (error) {
      return [`The migrations do not apply to an empty database: ${(error as Error).message}`];
    }
    await execute(schemaUrl!, fromEmptySql);
    const [built, expected] = await Promise.all([readCatalog(migrationsUrl!), readCatalog(schemaUrl!)]);
    return compareCatalogs(built, expected, schemaName);
  });
}

async function execute(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Object kind → (qualified name → definition). */
type Catalog = Map<string, Map<string, string>>;

const USER_SCHEMAS = `n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_toast%'`;
const USER_TABLES = `${USER_SCHEMAS} AND c.relkind IN ('r', 'p') AND c.relname <> '_prisma_migrations'`;

// Every query returns (name, definition) as text; `"char"` columns are cast since they
// are not plain strings to the driver. Column order is ignored on purpose: a column added
// by a later migration lands last, while a diff from empty follows the schema's order.
const CATALOG_QUERIES: Record<string, string> = {
  table: `SELECT n.nspname || '.' || c.relname, CASE c.relkind WHEN 'p' THEN 'partitioned' ELSE 'ordinary' END
            FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
           WHERE ${USER_TABLES}`,
  column: `SELECT n.nspname || '.' || c.relname || '.' || a.attname,
                  format_type(a.atttypid, a.atttypmod)
                  || CASE WHEN a.attnotnull THEN ' NOT NULL' ELSE ' NULL' END
                  || COALESCE(' DEFAULT ' || pg_get_expr(d.adbin, d.adrelid), '')
                  || CASE WHEN a.attidentity <> '' THEN ' IDENTITY ' || a.attidentity::text ELSE '' END
                  || CASE WHEN a.attgenerated <> '' THEN ' GENERATED ' || a.attgenerated::text ELSE '' END
                  || COALESCE(' COLLATE ' || NULLIF(co.collname, 'default'), '')
             FROM pg_attribute a
             JOIN pg_class c ON c.oid = a.attrelid
             JOIN pg_namespace n ON n.oid = c.relnamespace
        LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
        LEFT JOIN pg_collation co ON co.oid = a.attcollation
            WHERE ${USER_TABLES} AND a.attnum > 0 AND NOT a.attisdropped`,
  index: `SELECT n.nspname || '.' || i.relname, pg_get_indexdef(i.oid)
            FROM pg_index x
            JOIN pg_class i ON i.oid = x.indexrelid
            JOIN pg_class c ON c.oid = x.indrelid
            JOIN pg_namespace n ON n.oid = c.relnamespace
           WHERE ${USER_TABLES}`,
  // PostgreSQL 18 also lists NOT NULL as constraints, with generated names; nullability
  // is already part of each column.
  constraint: `SELECT n.nspname || '.' || c.relname || '.' || k.conname,
                      k.contype::text || ' ' || pg_get_constraintdef(k.oid)
                 FROM pg_constraint k
                 JOIN pg_class c ON c.oid = k.conrelid
                 JOIN pg_namespace n ON n.oid = c.relnamespace
                WHERE ${USER_TABLES} AND k.contype <> 'n'`,
  enum: `SELECT n.nspname || '.' || t.typname, string_agg(quote_literal(e.enumlabel), ', ' ORDER BY e.enumsortorder)
           FROM pg_type t
           JOIN pg_enum e ON e.enumtypid = t.oid
           JOIN pg_namespace n ON n.oid = t.typnamespace
          WHERE ${USER_SCHEMAS}
       GROUP BY 1`,
  sequence: `SELECT schemaname || '.' || sequencename,
                    format('%s start %s increment %s', data_type, start_value, increment_by)
               FROM pg_sequences
              WHERE schemaname NOT IN ('pg_catalog', 'information_schema')`,
};

async function readCatalog(url: string): Promise<Catalog> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const catalog: Catalog = new Map();
    for (const [kind, sql] of Object.entries(CATALOG_QUERIES)) {
      const { rows } = await client.query<[string, string]>({ text: sql, rowMode: "array" });
      catalog.set(kind, new Map(rows.map(([name, definition]) => [name, definition])));
    }
    return catalog;
  } finally {
    await client.end();
  }
}

function compareCatalogs(fromMigrations: Catalog, fromSchema: Catalog, schemaName: string): string[] {
  const problems: string[] = [];
  for (const kind of Object.keys(CATALOG_QUERIES)) {
    const built = fromMigrations.get(kind) ?? new Map<string, string>();
    const expected = fromSchema.get(kind) ?? new Map<string, string>();
    for (const name of [...new Set([...built.keys(), ...expected.keys()])].sort()) {
      const got = built.get(name);
      const want = expected.get(name);
      if (got === want) continue;
      if (got === undefined) {
        problems.push(`The migrations lack ${kind} ${name} (${schemaName}: ${want}).`);
      } else if (want === undefined) {
        problems.push(`The migrations create ${kind} ${name} (${got}), which ${schemaName} does not have.`);
      } else {
        problems.push(`${kind} ${name} differs: the migrations give ${got}; ${schemaName} gives ${want}.`);
      }
    }
  }
  return problems;
}
