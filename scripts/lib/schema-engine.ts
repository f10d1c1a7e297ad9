import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { PrismaPg } from "@prisma/adapter-pg";
// A dependency of @prisma/adapter-pg (same version), not a direct one of ours.
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";
import * as bindings from "@prisma/schema-engine-wasm/schema_engine_bg";
import type { DiffTarget, SchemaEngine } from "@prisma/schema-engine-wasm/schema_engine_bg";
import pg from "pg";

/**
 * Prisma's schema engine compiled to WebAssembly: the native engine that `prisma migrate`
 * wants cannot be downloaded here. Only `diff` is used (schema → SQL); schemaPush,
 * introspection and `migrations` targets fail with PostgreSQL 18 or without a shadow
 * database, and applying SQL is plain `pg` work (see migrate.ts).
 */

/**
 * `"empty"` (no tables at all), the text of a Prisma schema, or a schema with the file
 * name to show in validation errors.
 */
export type SchemaSource = "empty" | string | { path: string; content: string };

export interface SchemaEngineSession {
  /** SQL that turns `from` into `to`, or null when they describe the same database. */
  diffSql(from: SchemaSource, to: SchemaSource): Promise<string | null>;
}

let initialised: Promise<void> | undefined;

/**
 * The package's own entry imports the `.wasm` file as an ES module, which Node 20 cannot
 * do; so the bindings are loaded alone and the module is instantiated here, once per process.
 */
function initWasm(): Promise<void> {
  initialised ??= (async () => {
    // The package exports no `./package.json`; its main entry sits beside the .wasm file.
    const entry = createRequire(import.meta.url).resolve("@prisma/schema-engine-wasm");
    const bytes = await readFile(path.join(path.dirname(entry), "schema_engine_bg.wasm"));
    const { instance } = await WebAssembly.instantiate(bytes, {
      // The glue module is the wasm's only import namespace.
      "./schema_engine_bg.js": bindings as unknown as WebAssembly.ModuleImports,
    });
    bindings.__wbg_set_wasm(instance.exports);
    (instance.exports.__wbindgen_start as () => void)();
  })();
  return initialised;
}

function target(source: SchemaSource): DiffTarget {
  if (source === "empty") return { tag: "empty" };
  const file = typeof source === "string" ? { path: "schema.prisma", content: source } : source;
  return { tag: "schemaDatamodel", files: [file] };
}

/** Engine log lines are JSON: `{ level, fields: { message } }`. */
function forwardLog(log: (msg: string) => void) {
  return (line: unknown) => {
    try {
      const parsed = JSON.parse(String(line)) as { level?: string; fields?: { message?: string } };
      if (parsed.level === "WARN" || parsed.level === "ERROR") {
        log(`schema engine ${parsed.level}: ${parsed.fields?.message ?? String(line)}`);
      }
    } catch {
      log(`schema engine: ${String(line)}`);
    }
  };
}

/**
 * Runs `fn` with a schema engine connected to `databaseUrl`. The engine insists on a live
 * connection even for a pure schema-to-schema diff; it neither reads nor writes that
 * database here, so any reachable database does.
 */
export async function withSchemaEngine<T>(
  databaseUrl: string,
  fn: (engine: SchemaEngineSession) => Promise<T>,
  options: { log?: (msg: string) => void } = {},
): Promise<T> {
  await initWasm();
  // Our own pool, so it can be closed: the adapter leaves an external pool open and the
  // engine has no way to dispose of the one it would otherwise create.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  let engine: SchemaEngine | undefined;
  try {
    const adapter = bindMigrationAwareSqlAdapterFactory(new PrismaPg(pool));
    const running = await engineCall(() =>
      bindings.SchemaEngine.new(
        { datamodels: undefined },
        forwardLog(options.log ?? (() => undefined)),
        adapter,
      ),
    );
    engine = running;
    const session: SchemaEngineSession = {
      diffSql: async (from, to) => {
        const result = await engineCall(() =>
          running.diff({
            from: target(from),
            to: target(to),
            script: true,
            // With exitCode set the engine reports 2 for a non-empty diff; its empty script
            // is a comment ("-- This is an empty migration."), not an empty string.
            exitCode: true,
            filters: { externalTables: [], externalEnums: [] },
          }),
        );
        return result.exitCode === 2 && result.stdout ? result.stdout : null;
      },
    };
    return await fn(session);
  } finally {
    engine?.free();
    await pool.end();
  }
}

/** An engine refusal (invalid schema, unreachable database …), written for the operator. */
export class SchemaEngineError extends Error {
  override name = "SchemaEngineError";
}

/**
 * Engine failures are Errors with a Prisma error code (P1012: invalid schema …) and a
 * wasm stack trace that helps nobody; keep the code and the message.
 */
async function engineCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    const message = error instanceof Error ? error.message : String(error);
    const label = typeof code === "string" ? `Prisma schema engine (${code})` : "Prisma schema engine";
    throw new SchemaEngineError(`${label}: ${message}`, { cause: error });
  }
}

/** Convenience for a single diff. */
export function diffSql(databaseUrl: string, from: SchemaSource, to: SchemaSource): Promise<string | null> {
  return withSchemaEngine(databaseUrl, (engine) => engine.diffSql(from, to));
}
