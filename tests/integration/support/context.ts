import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import { createPrismaClient, type PrismaClient } from "@/lib/db-client";
import { ObjectStore } from "@/lib/storage/objects";
import { createS3Client } from "@/lib/storage/s3-client";

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

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const url = inject("pgAdminUrl");
  assertLocal(url);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A fresh, migrated database of its own for one test file. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `t_${randomBytes(6).toString("hex")}`;
  const template = inject("templateDatabase");
  await admin((c) => c.query(`create database "${name}" template "${template}"`));
  const url = new URL(inject("pgAdminUrl"));
  url.pathname = `/${name}`;
  const prisma = createPrismaClient(url.toString());
  return {
    url: url.toString(),
    name,
    prisma,
    async drop() {
      await prisma.$disconnect();
      await admin((c) => c.query(`drop database if exists "${name}" with (force)`));
    },
  };
}

/** A fresh bucket of its own on the run's S3 server. */
export async function createTestStore(): Promise<ObjectStore> {
  const client = createS3Client({
    endpoint: inject("s3Endpoint"),
    region: "us-east-1",
    bucket: "unused",
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    forcePathStyle: true,
  });
  const store = new ObjectStore(client, `t-${randomBytes(6).toString("hex")}`);
  await store.ensureBucket();
  return store;
}
