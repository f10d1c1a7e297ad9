/**
 * Database commands (Prisma's `migrate` CLI needs a native engine we cannot download):
 *
 *   tsx scripts/db.ts deploy        apply pending migrations          (npm run db:migrate)
 *   tsx scripts/db.ts new <name>    write a migration from the schema (npm run db:migration -- <name>)
 *   tsx scripts/db.ts check         exit 1 on schema/migration drift  (npm run db:check)
 *   tsx scripts/db.ts seed          migrate, then load demo data      (npm run db:seed)
 *
 * deploy and seed use DATABASE_URL, or else the embedded PostgreSQL in DATA_DIR/postgres.
 * new and check accept `--schema <file>` and `--migrations <dir>` to work on a copy.
 * new diffs prisma/migrations/schema.snapshot.prisma (the schema as of the newest migration)
 * against the schema, writes the migration and makes the schema the new snapshot; check
 * fails unless the snapshot equals the schema and the migrations build the snapshot.
 */
import path from "node:path";
import { dataDir, env } from "../lib/core/env";
import { ensureDatabase, startEmbeddedPostgres } from "./lib/embedded-postgres";
import { embeddedPostgresPassword } from "./lib/local-secrets";
import { applyMigrations, type MigrationPaths } from "./lib/migrate";
import { createMigration } from "./lib/migration-create";
import { checkDrift } from "./lib/migration-drift";

const log = (msg: string) => console.log(msg);
const USAGE = `Usage: tsx scripts/db.ts <command>
  deploy                apply pending migrations
  new <name>            create a migration from prisma/schema.prisma (updates the snapshot)
  check                 fail when migrations, snapshot and schema disagree
  seed                  apply migrations and load demo data
Options for new and check: --schema <file> --migrations <dir>`;

class UsageError extends Error {}
/** Error names (MigrationError, SchemaEngineError) whose message says all the operator needs. */
const OPERATOR_ERRORS = new Set(["MigrationError", "SchemaEngineError"]);

/** DATABASE_URL when set; otherwise the app's embedded cluster, running only for `fn`. */
async function withDatabase<T>(fn: (url: string) => Promise<T>): Promise<T> {
  if (env.DATABASE_URL) return fn(env.DATABASE_URL);
  const server = await startEmbeddedPostgres({
    dataDir: path.join(dataDir, "postgres"),
    port: env.EMBEDDED_PG_PORT,
    persistent: true,
    password: await embeddedPostgresPassword(dataDir),
  });
  try {
    await ensureDatabase(server.adminUrl, "afterglow");
    return await fn(server.urlFor("afterglow"));
  } finally {
    await server.stop();
  }
}

async function deploy(): Promise<number> {
  await withDatabase((url) => applyMigrations(url, { log }));
  return 0;
}

async function create(name: string, paths: MigrationPaths): Promise<number> {
  if (!name) throw new UsageError("A migration name is required: npm run db:migration -- <name>");
  const dir = await createMigration(name, { ...paths, log });
  if (dir) log("Review migration.sql, then apply it with `npm run db:migrate` (`npm start` also does).");
  return 0;
}

async function check(paths: MigrationPaths): Promise<number> {
  const started = Date.now();
  const report = await checkDrift({ ...paths, log });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (report.ok) {
    log(`Migrations and schema agree (${seconds}s).`);
    return 0;
  }
  console.error(`Drift between the schema and its migrations (${report.problems.length} problem(s)):`);
  for (const problem of report.problems) console.error(`- ${problem}`);
  return 1;
}

async function seed(): Promise<number> {
  // Loaded here so deploy, new and check need neither the generated client nor S3.
  const [{ seed: runSeed }, { createPrismaClient }, { startServices }] = await Promise.all([
    import("../prisma/seed"),
    import("../lib/core/db-client"),
    import("./lib/services"),
  ]);
  const services = await startServices({ log });
  try {
    await applyMigrations(services.databaseUrl, { log });
    const prisma = createPrismaClient(services.databaseUrl);
    try {
      await runSeed({ prisma, store: services.store, log });
    } finally {
      await prisma.$disconnect();
    }
  } finally {
    await services.stop();
  }
  return 0;
}

/** Splits `--schema x --migrations y` from positional arguments. */
function parseArgs(args: string[]): { positional: string[]; paths: MigrationPaths } {
  const positional: string[] = [];
  const paths: MigrationPaths = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === "--schema" || arg === "--migrations") {
      const value = args[++i];
      if (!value) throw new UsageError(`${arg} needs a value`);
      if (arg === "--schema") paths.schemaPath = path.resolve(value);
      else paths.migrationsDir = path.resolve(value);
    } else {
      positional.push(arg);
    }
  }
  return { positional, paths };
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const { positional, paths } = parseArgs(rest);
  switch (command) {
    case "deploy":
      return deploy();
    case "new":
      return create(positional.join(" ").trim(), paths);
    case "check":
      return check(paths);
    case "seed":
      return seed();
    default:
      throw new UsageError(command ? `Unknown command "${command}"` : "No command given");
  }
}

function messageOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  // These messages are written for the operator; a stack trace would only bury them.
  return OPERATOR_ERRORS.has(error.name) ? error.message : (error.stack ?? error.message);
}

function report(error: unknown): number {
  if (error instanceof UsageError) {
    console.error(`${error.message}\n\n${USAGE}`);
    return 2;
  }
  console.error(`db ${process.argv[2] ?? ""} failed: ${messageOf(error)}`);
  return 1;
}

// Explicit exit: embedded-postgres hooks `beforeExit` and calls process.exit(0) there,
// which would turn a failing check into a passing one if we only set process.exitCode.
main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => process.exit(report(error)),
);
