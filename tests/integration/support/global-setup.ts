import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { ensureDatabase, startEmbeddedPostgres } from "@/scripts/lib/embedded-postgres";
import { startEmbeddedS3 } from "@/scripts/lib/embedded-s3";
import { freePort } from "@/scripts/lib/free-port";
import { applyMigrations } from "@/scripts/lib/migrate";

export const TEMPLATE_DATABASE = "afterglow_template";

declare module "vitest" {
  export interface ProvidedContext {
    pgAdminUrl: string;
    templateDatabase: string;
    s3Endpoint: string;
    /** The run's store serves only this key pair (random per run). */
    s3Credentials: { accessKeyId: string; secretAccessKey: string };
  }
}

/**
 * One throwaway PostgreSQL and S3 server for the whole integration run, in a temp
 * folder (never `.data/`). Migrations are applied once to a template database; each
 * test file clones it (`create database … template …`), which takes milliseconds.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const root = await mkdtemp(path.join(os.tmpdir(), "afterglow-it-"));
  const pg = await startEmbeddedPostgres({
    dataDir: path.join(root, "pg"),
    port: await freePort(),
    persistent: false,
  });
  const s3 = await startEmbeddedS3({ directory: path.join(root, "s3"), port: 0, bucket: "afterglow-test" });

  try {
    await ensureDatabase(pg.adminUrl, TEMPLATE_DATABASE);
    await applyMigrations(pg.urlFor(TEMPLATE_DATABASE));
  } catch (error) {
    await Promise.allSettled([pg.stop(), s3.stop()]);
    throw error;
  }

  project.provide("pgAdminUrl", pg.adminUrl);
  project.provide("templateDatabase", TEMPLATE_DATABASE);
  project.provide("s3Endpoint", s3.endpoint);
  project.provide("s3Credentials", s3.credentials);

  return async () => {
    await Promise.allSettled([pg.stop(), s3.stop()]);
    await rm(root, { recursive: true, force: true });
  };
}
