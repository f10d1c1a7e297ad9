/**
 * Integration `setupFiles` entry: gives each test file a database (a clone of the migrated
 * template) and a bucket of its own, and points the app's singletons at them through the
 * same variables the app reads (`lib/core/env.ts`): `DATABASE_URL`, `S3_*`. It runs before the
 * test file's imports, so `lib/core/db`, `lib/core/storage` and the job sender are bound to this
 * file's services the first time any module evaluates `lib/core/env`.
 *
 * Nothing here may import a module that reads `lib/core/env` (it would parse the environment
 * before it is set): `support/context.ts` holds to that.
 */
import { randomBytes } from "node:crypto";
import { afterAll, inject } from "vitest";
import { adminQuery, createTestStore, databaseUrl } from "./context";

const name = `t_${randomBytes(6).toString("hex")}`;
const endpoint = inject("s3Endpoint");

await adminQuery(`create database "${name}" template "${inject("templateDatabase")}"`);
const bucketStore = await createTestStore();
const bucket = bucketStore.bucket;
bucketStore.client.destroy();

Object.assign(process.env, {
  DATABASE_URL: databaseUrl(name),
  S3_ENDPOINT: endpoint,
  S3_REGION: "us-east-1",
  S3_BUCKET: bucket,
  S3_ACCESS_KEY_ID: inject("s3Credentials").accessKeyId,
  S3_SECRET_ACCESS_KEY: inject("s3Credentials").secretAccessKey,
  S3_FORCE_PATH_STYLE: "true",
  // Jobs are only enqueued (tests read the queue or run `processMedia` themselves).
  MEDIA_WORKER: "off",
});
delete process.env.S3_PUBLIC_ENDPOINT;

/** What the app's singletons keep on `globalThis` (lib/core/db.ts, lib/core/storage, lib/core/queue/sender.ts). */
const shared = globalThis as unknown as {
  afterglowPrisma?: { $disconnect(): Promise<void> };
  afterglowBoss?: Promise<{ stop(options: { graceful: boolean; wait: boolean }): Promise<void> }>;
  afterglowStore?: { client: { destroy(): void } };
  afterglowPublicStore?: unknown;
  afterglowLimiter?: unknown;
  afterglowPgPool?: { end(): Promise<void> };
};

afterAll(async () => {
  // The proxy's routing table (lib/platform/tenancy/routing-table.ts) listens on a connection of its own.
  const routing = (globalThis as Record<symbol, { close(): Promise<void> } | undefined>)[
    Symbol.for("afterglow.routingTable")
  ];
  await routing?.close();
  delete (globalThis as Record<symbol, unknown>)[Symbol.for("afterglow.routingTable")];
  const boss = await shared.afterglowBoss?.catch(() => undefined);
  await boss?.stop({ graceful: false, wait: true }).catch(() => undefined);
  await shared.afterglowPrisma?.$disconnect();
  await shared.afterglowPgPool?.end();
  shared.afterglowStore?.client.destroy();
  for (const key of [
    "afterglowBoss",
    "afterglowPrisma",
    "afterglowStore",
    "afterglowPublicStore",
    "afterglowLimiter",
    "afterglowPgPool",
  ] as const)
    delete shared[key];
  await adminQuery(`drop database if exists "${name}" with (force)`);
});
