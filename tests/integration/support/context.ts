import { S3Client } from "@aws-sdk/client-s3";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import { createPrismaClient, type PrismaClient } from "@/lib/core/db-client";
import { ObjectStore } from "@/lib/core/storage/object-store";

/**
 * Databases for integration tests. Every test file already has one of its own, bound to the
 * app's singletons (`support/file-services.ts`); `createTestDatabase` makes another, for
 * tests that pass an explicit client (the seed, the public loaders).
 * No import here may read `lib/core/env`: `file-services.ts` runs before the environment is set.
 */
export interface TestDatabase {
  url: string;
  name: string;
  prisma: PrismaClient;
  drop(): Promise<void>;
}

function assertLocal(url: string): void {
  const host = new URL(url).hostname;
  // A destructive test must never reach a shared database by accident.
  if (!["127.0.0.1", "localhost", "::1"].includes(host)) {
    throw new Error(`Refusing to run integration tests against non-local database host ${host}`);
  }
}

/** Runs one statement as the server's admin (create and drop databases). */
export async function adminQuery(sql: string): Promise<void> {
  const url = inject("pgAdminUrl");
  assertLocal(url);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** The URL of database `name` on the run's PostgreSQL. */
export function databaseUrl(name: string): string {
  const url = new URL(inject("pgAdminUrl"));
  url.pathname = `/${name}`;
  return url.toString();
}

/** A fresh, migrated database of its own (a clone of the template). */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `t_${randomBytes(6).toString("hex")}`;
  await adminQuery(`create database "${name}" template "${inject("templateDatabase")}"`);
  const url = databaseUrl(name);
  const prisma = createPrismaClient(url);
  return {
    url,
    name,
    prisma,
    async drop() {
      await prisma.$disconnect();
      await adminQuery(`drop database if exists "${name}" with (force)`);
    },
  };
}

/** A fresh bucket of its own on the run's S3 server, for tests that pass an explicit store. */
export async function createTestStore(): Promise<ObjectStore> {
  const client = new S3Client({
    endpoint: inject("s3Endpoint"),
    region: "us-east-1",
    forcePathStyle: true,
    credentials: inject("s3Credentials"),
    // As lib/core/storage/s3-client.ts: without these, streamed bodies get aws-chunked framing.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const store = new ObjectStore(client, `t-${randomBytes(6).toString("hex")}`);
  await store.ensureBucket();
  return store;
}
