import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import {
  DEFAULT_MIGRATIONS_DIR,
  DEFAULT_SCHEMA_PATH,
  display,
  legacySnapshots,
  LOCK_FILE,
  LOCK_FILE_CONTENT,
  MigrationError,
  readMigrations,
  readSnapshot,
  SNAPSHOT_FILE,
  type EngineOptions,
} from "./migrate";
import { compareWithMigrations } from "./migration-drift";
import { withSchemaEngine } from "./schema-engine";
import { withServer } from "./scratch-postgres";

/** `npm run db:migration -- <name>`: the next migration, diffed from the snapshot (scripts/lib/migrate.ts). */

const silent = (): undefined => undefined;

function migrationTimestamp(date: Date): string {
  return date.toISOString().replace(/\D/g, "").slice(0, 14);
}

/** Prisma's folder name rules: lower-case words joined by underscores. */
function slug(name: string): string {
  const s = name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, "_")
    .replace(/^_+|_+$/g, "");
  if (!s) throw new MigrationError(`"${name}" is not a usable migration name: use letters, digits and _.`);
  return s.slice(0, 200);
}

/**
 * Writes the next migration: the SQL that turns the snapshot (the schema as of the newest
 * migration; nothing, for the first one) into the current schema; then the snapshot becomes
 * the current schema. Refuses when the migrations do not build the snapshot (a migration
 * folder deleted or added by hand, a hand-edited snapshot): the new SQL would be wrong.
 * Returns the new folder, or null when the schema has not changed.
 */
export async function createMigration(
  name: string,
  options?: EngineOptions & { now?: Date },
): Promise<string | null> {
  const log = options?.log ?? silent;
  const schemaPath = options?.schemaPath ?? DEFAULT_SCHEMA_PATH;
  const migrationsDir = options?.migrationsDir ?? DEFAULT_MIGRATIONS_DIR;
  const folderSlug = slug(name);

  const schema = await readFile(schemaPath, "utf8");
  const migrations = await readMigrations(migrationsDir);
  const legacy = await legacySnapshots(migrationsDir, migrations);
  if (legacy.length > 0) throw new MigrationError(legacy.join("\n"));
  const newest = migrations.at(-1);
  const snapshot = newest ? await readSnapshot(migrationsDir, newest) : null;

  const sql = await withServer(
    options?.databaseUrl,
    async (serverUrl) => {
      const { diff, fromEmpty } = await withSchemaEngine(
        serverUrl,
        async (engine) => ({
          diff: await engine.diffSql(snapshot ?? "empty", { path: display(schemaPath), content: schema }),
          fromEmpty: snapshot ? await engine.diffSql("empty", snapshot) : null,
        }),
        { log },
      );
      if (snapshot) {
        const problems = await compareWithMigrations(
          serverUrl,
          migrationsDir,
          fromEmpty ?? "",
          snapshot.path,
        );
        if (problems.length > 0) {
          throw new MigrationError(
            `The migrations do not build ${snapshot.path}, so a migration diffed from it would be wrong:\n` +
              `${problems.map((p) => `- ${p}`).join("\n")}\n` +
              `If you deleted a migration that was never applied elsewhere, restore the snapshot it ` +
              `replaced (e.g. \`git checkout HEAD -- ${snapshot.path}\`); \`npm run db:check\` says more.`,
          );
        }
      }
      return diff;
    },
    log,
  );
  if (sql === null) {
    log(`No changes: ${display(schemaPath)} matches the newest migration.`);
    return null;
  }

  // Names sort in application order, so never go back in time (clock skew, same second).
  let stamp = migrationTimestamp(options?.now ?? new Date());
  const newestStamp = newest?.name.slice(0, 14) ?? "";
  if (/^\d{14}$/.test(newestStamp) && stamp <= newestStamp) {
    stamp = migrationTimestamp(new Date(parseStamp(newestStamp) + 1000));
  }
  const dir = path.join(migrationsDir, `${stamp}_${folderSlug}`);
  const snapshotFile = path.join(migrationsDir, SNAPSHOT_FILE);
  // The snapshot is replaced by a rename, after the SQL is written: an interrupted run
  // leaves the old snapshot, which `db:check` then reports against the new migration.
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, "migration.sql"), sql);
  await writeFile(`${snapshotFile}.tmp`, schema);
  await rename(`${snapshotFile}.tmp`, snapshotFile);
  await writeFile(path.join(migrationsDir, LOCK_FILE), LOCK_FILE_CONTENT);

  log(`Created ${display(dir)} and updated ${display(snapshotFile)}`);
  if (/^\s*(DROP|ALTER TABLE .* DROP)\b/im.test(sql)) {
    log("Warning: this migration drops tables, columns or types. Review migration.sql before applying it.");
  }
  return dir;
}

/** Milliseconds since the epoch of a YYYYMMDDHHMMSS (UTC) folder prefix. */
function parseStamp(stamp: string): number {
  const iso = stamp.replace(/^(\d{4})(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)$/, "$1-$2-$3T$4:$5:$6Z");
  return Date.parse(iso);
}
