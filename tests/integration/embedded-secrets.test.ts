import { chmod, mkdtemp, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { GetObjectCommand, ListObjectsV2Command, type S3Client } from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appUrl } from "@/lib/core/env";
import { createS3Client } from "@/lib/core/storage/s3-client";
import { startEmbeddedPostgres } from "@/scripts/lib/embedded-postgres";
import { freePort } from "@/scripts/lib/free-port";
import { startServices, type Services } from "@/scripts/lib/services";

/**
 * Issue #34, row 1: the embedded store's only key pair was the public S3RVER/S3RVER and its CORS
 * answered every origin; the embedded PostgreSQL's superuser password was `postgres`. Now each
 * data folder gets its own, generated on the first start, and the store answers only the app.
 * Everything here goes through `startServices`, as `npm start` starts them.
 */
describe.skipIf(process.platform !== "linux")("embedded services' secrets (npm start's data folder)", () => {
  let root: string;
  const running: Services[] = [];

  /** The services on `dataDir`, as `npm start` starts them (fresh ports each time). */
  const start = async (dataDir: string): Promise<Services> => {
    const services = await startServices({
      dataDir: path.join(root, dataDir),
      pgPort: await freePort(),
      s3Port: await freePort(),
      forceEmbedded: true,
      exitOnSignal: false,
    });
    running.push(services);
    return services;
  };
  const stop = async (services: Services) => {
    await services.stop();
    running.splice(running.indexOf(services), 1);
  };
  const keysOf = (services: Services) => ({
    accessKeyId: services.env.S3_ACCESS_KEY_ID ?? "",
    secretAccessKey: services.env.S3_SECRET_ACCESS_KEY ?? "",
  });
  const clientWith = (services: Services, keys: { accessKeyId: string; secretAccessKey: string }): S3Client =>
    createS3Client({ ...services.storage, ...keys });
  /** The HTTP status a client's call ends with (200 when it succeeds). */
  const statusOf = async (call: Promise<unknown>): Promise<number> =>
    call.then(
      () => 200,
      (error: { $metadata?: { httpStatusCode?: number } }) => error.$metadata?.httpStatusCode ?? 0,
    );
  const list = (client: S3Client, services: Services) =>
    client.send(new ListObjectsV2Command({ Bucket: services.storage.bucket }));

  /** The PostgreSQL error code of connecting as `postgres` with `password` (undefined: it connected). */
  const loginError = async (services: Services, password: string): Promise<string | undefined> => {
    const url = new URL(services.databaseUrl);
    url.password = password;
    const client = new pg.Client({ connectionString: url.toString() });
    try {
      await client.connect();
      return undefined;
    } catch (error) {
      return (error as { code?: string }).code;
    } finally {
      await client.end().catch(() => undefined);
    }
  };

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), "afterglow-secrets-"));
    // As root, PostgreSQL runs as "postgres" and must enter the folder.
    await chmod(root, 0o755);
  });

  afterAll(async () => {
    await Promise.allSettled(running.map((s) => s.stop()));
    await rm(root, { recursive: true, force: true });
  });

  describe("the store", () => {
    let services: Services;
    const key = "company-a/originals/secret.txt";

    beforeAll(async () => {
      services = await start("a");
      await services.store.put(key, new TextEncoder().encode("private"), "text/plain");
    });

    it("refuses requests signed with S3RVER/S3RVER or with a wrong secret (403)", async () => {
      const publicKeys = clientWith(services, { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" });
      const wrongSecret = clientWith(services, { ...keysOf(services), secretAccessKey: "not-the-secret" });
      try {
        for (const client of [publicKeys, wrongSecret]) {
          expect(await statusOf(list(client, services))).toBe(403);
          const url = await getSignedUrl(
            client,
            new GetObjectCommand({ Bucket: services.storage.bucket, Key: key }),
          );
          const response = await fetch(url);
          expect(response.status).toBe(403);
          expect(await response.text()).not.toContain("private");
        }
      } finally {
        publicKeys.destroy();
        wrongSecret.destroy();
      }
    });

    it("serves the key pair the app is given, which is no constant", async () => {
      const keys = keysOf(services);
      expect(keys.accessKeyId).not.toBe("S3RVER");
      expect(keys.secretAccessKey.length).toBeGreaterThanOrEqual(32);
      const app = clientWith(services, keys);
      try {
        expect(await statusOf(list(app, services))).toBe(200);
        const url = await getSignedUrl(
          app,
          new GetObjectCommand({ Bucket: services.storage.bucket, Key: key }),
        );
        const response = await fetch(url);
        expect(response.status).toBe(200);
        expect(await response.text()).toBe("private");
      } finally {
        app.destroy();
      }
    });

    it("answers CORS for the app's origin only, and only for uploads (PUT, Content-Type, ETag exposed)", async () => {
      const appOrigin = new URL(appUrl).origin;
      const objectUrl = `${services.storage.endpoint}/${services.storage.bucket}/uploads/photo.jpg`;
      const preflight = (origin: string, method = "PUT") =>
        fetch(objectUrl, {
          method: "OPTIONS",
          headers: {
            Origin: origin,
            "Access-Control-Request-Method": method,
            "Access-Control-Request-Headers": "content-type",
          },
        });

      for (const foreign of ["https://attacker.example", "http://localhost:3999", "null"]) {
        const refused = await preflight(foreign);
        expect(refused.headers.get("access-control-allow-origin"), foreign).toBeNull();
        expect(refused.status, foreign).toBe(403);
        await refused.arrayBuffer();
      }
      const allowed = await preflight(appOrigin);
      expect(allowed.status).toBe(200);
      expect(allowed.headers.get("access-control-allow-origin")).toBe(appOrigin);
      expect(allowed.headers.get("access-control-allow-methods")).toBe("PUT");
      expect(allowed.headers.get("access-control-allow-headers")).toBe("content-type");
      for (const method of ["DELETE", "GET", "POST"]) {
        const other = await preflight(appOrigin, method);
        expect(other.headers.get("access-control-allow-origin"), method).toBeNull();
        await other.arrayBuffer();
      }

      // The upload itself, as the admin page's XMLHttpRequest sends it.
      const put = async (origin: string) => {
        const url = await services.store.signedPutUrl({
          key: "uploads/photo.jpg",
          contentType: "image/jpeg",
          size: 4,
          expiresIn: 60,
        });
        return fetch(url, {
          method: "PUT",
          body: "jpeg",
          headers: { Origin: origin, "Content-Type": "image/jpeg" },
        });
      };
      const fromApp = await put(appOrigin);
      expect(fromApp.status).toBe(200);
      expect(fromApp.headers.get("access-control-allow-origin")).toBe(appOrigin);
      expect(fromApp.headers.get("access-control-expose-headers")).toBe("ETag");
      expect(fromApp.headers.get("etag")).toBeTruthy();
      const fromElsewhere = await put("https://attacker.example");
      expect(fromElsewhere.headers.get("access-control-allow-origin")).toBeNull();
    });

    it("keeps its key pair across a restart on the same data folder; another data folder gets another", async () => {
      const before = keysOf(services);
      await stop(services);
      services = await start("a");
      expect(keysOf(services)).toEqual(before);
      expect(new TextDecoder().decode(await services.store.getBytes(key))).toBe("private");

      const other = await start("b");
      try {
        expect(keysOf(other).accessKeyId).not.toBe(before.accessKeyId);
        expect(keysOf(other).secretAccessKey).not.toBe(before.secretAccessKey);
        // Each store refuses the other's keys.
        const crossed = clientWith(other, before);
        try {
          expect(await statusOf(list(crossed, other))).toBe(403);
        } finally {
          crossed.destroy();
        }
      } finally {
        await stop(other);
      }
      for (const file of ["s3-access-key-id", "s3-secret-access-key", "postgres-password"]) {
        expect((await stat(path.join(root, "a", file))).mode & 0o077, file).toBe(0);
      }
    });

    afterAll(() => stop(services));
  });

  describe("PostgreSQL", () => {
    it("gives a fresh data folder's cluster a generated superuser password: postgres/postgres is refused", async () => {
      const services = await start("fresh-pg");
      try {
        expect(await loginError(services, "postgres")).toBe("28P01");
        expect(await loginError(services, new URL(services.databaseUrl).password)).toBeUndefined();
        expect(decodeURIComponent(new URL(services.databaseUrl).password)).not.toBe("postgres");
      } finally {
        await stop(services);
      }
    });

    it("replaces the public password of a data folder made before, and keeps it working", async () => {
      // A cluster as the earlier code created it: superuser password `postgres`.
      const legacyDir = path.join(root, "legacy");
      const legacy = await startEmbeddedPostgres({
        dataDir: path.join(legacyDir, "postgres"),
        port: await freePort(),
        persistent: true,
        password: "postgres",
      });
      const pool = new pg.Client({ connectionString: legacy.urlFor("postgres") });
      await pool.connect();
      await pool.query("create database afterglow");
      await pool.end();
      const afterglow = new pg.Client({ connectionString: legacy.urlFor("afterglow") });
      await afterglow.connect();
      await afterglow.query("create table kept (value text); insert into kept values ('still here')");
      await afterglow.end();
      await legacy.stop();

      const services = await start("legacy");
      const read = async (s: Services) => {
        const client = new pg.Client({ connectionString: s.databaseUrl });
        await client.connect();
        try {
          return (await client.query<{ value: string }>("select value from kept")).rows;
        } finally {
          await client.end();
        }
      };
      try {
        expect(await read(services)).toEqual([{ value: "still here" }]);
        expect(await loginError(services, "postgres")).toBe("28P01");
      } finally {
        await stop(services);
      }
      // The next start finds the new password already in place.
      const again = await start("legacy");
      try {
        expect(await read(again)).toEqual([{ value: "still here" }]);
      } finally {
        await stop(again);
      }
    });

    it("says which file to restore when the cluster's password file is lost", async () => {
      const services = await start("lost");
      await stop(services);
      await rm(path.join(root, "lost", "postgres-password"));
      await expect(start("lost")).rejects.toThrow(/refuses its superuser password.*postgres-password/);
    });
  });
});
