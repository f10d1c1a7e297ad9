import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { GetObjectCommand, PutObjectCommand } from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createS3Client } from "@/lib/core/storage/s3-client";
import type { ObjectStore } from "@/lib/core/storage/object-store";
import { startEmbeddedS3 } from "@/scripts/lib/embedded-s3";
import { createTestStore } from "./support/context";

/**
 * Issue #12, hole 2: the embedded store (s3rver) served unsigned requests — list, read,
 * write and delete any object — and ignored the signed Content-Type of a presigned PUT.
 */
describe("embedded S3 store: signatures required", () => {
  let store: ObjectStore;
  let objectUrl: string;
  let bucketUrl: string;
  let endpoint: string;
  const key = "company-a/originals/secret.txt";
  const original = "lead-gated original";

  const stored = async () => new TextDecoder().decode(await store.getBytes(key));
  const expectRefused = async (response: Response) => {
    expect(response.status).toBe(403);
    expect(response.headers.get("content-type")).toContain("application/xml");
    const body = await response.text();
    expect(body).toMatch(/<Error><Code>\w+<\/Code>/);
    expect(body).not.toContain(original);
  };

  beforeAll(async () => {
    store = await createTestStore();
    await store.put(key, new TextEncoder().encode(original), "text/plain");
    const signed = new URL(await store.signedGetUrl(key));
    endpoint = signed.origin;
    bucketUrl = `${endpoint}/${store.bucket}`;
    objectUrl = `${bucketUrl}/${key}`;
  });

  afterAll(() => store.client.destroy());

  it("refuses unsigned list, read, write and delete, and changes nothing", async () => {
    await expectRefused(await fetch(`${endpoint}/`)); // list buckets
    await expectRefused(await fetch(bucketUrl)); // list objects
    await expectRefused(await fetch(`${bucketUrl}?list-type=2&prefix=company-a/`));
    await expectRefused(await fetch(objectUrl));
    expect((await fetch(objectUrl, { method: "HEAD" })).status).toBe(403); // no body to check
    await expectRefused(
      await fetch(objectUrl, {
        method: "PUT",
        body: "overwritten",
        headers: { "Content-Type": "text/plain" },
      }),
    );
    await expectRefused(await fetch(`${bucketUrl}/company-a/new.txt`, { method: "PUT", body: "planted" }));
    await expectRefused(await fetch(objectUrl, { method: "DELETE" }));

    expect(await stored()).toBe(original);
    await expect(store.getBytes("company-a/new.txt")).rejects.toThrow();
  });

  it("refuses a request signed with another secret or a tampered presigned URL", async () => {
    const forged = createS3Client({
      endpoint,
      region: "us-east-1",
      bucket: store.bucket,
      accessKeyId: "S3RVER",
      secretAccessKey: "not-the-secret",
      forcePathStyle: true,
    });
    try {
      const url = await getSignedUrl(forged, new GetObjectCommand({ Bucket: store.bucket, Key: key }), {
        expiresIn: 60,
      });
      await expectRefused(await fetch(url));
      await expect(
        forged.send(new PutObjectCommand({ Bucket: store.bucket, Key: key, Body: "x" })),
      ).rejects.toThrow();
    } finally {
      forged.destroy();
    }
    const good = new URL(await store.signedGetUrl(key));
    good.pathname = `/${store.bucket}/company-a/originals/other.txt`;
    await expectRefused(await fetch(good));
    expect(await stored()).toBe(original);
  });

  it("refuses a presigned PUT sent with another Content-Type, and accepts the signed one", async () => {
    const body = "new bytes";
    const url = await store.signedPutUrl({
      key,
      contentType: "image/jpeg",
      size: body.length,
      expiresIn: 60,
    });
    await expectRefused(await fetch(url, { method: "PUT", body, headers: { "Content-Type": "text/html" } }));
    expect(await stored()).toBe(original);

    const ok = await fetch(url, { method: "PUT", body, headers: { "Content-Type": "image/jpeg" } });
    expect(ok.status).toBe(200);
    await ok.arrayBuffer();
    expect(await stored()).toBe(body);
    await store.put(key, new TextEncoder().encode(original), "text/plain");
  });

  it("serves correctly signed SDK calls and presigned GETs", async () => {
    const get = await fetch(await store.signedGetUrl(key));
    expect(get.status).toBe(200);
    expect(await get.text()).toBe(original);
  });

  it("listens on loopback only, and answers browsers' CORS preflights unsigned", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "afterglow-s3-auth-"));
    try {
      await expect(
        startEmbeddedS3({ directory: dir, port: 0, bucket: "b", host: "0.0.0.0" }),
      ).rejects.toThrow(/loopback only/);
      const s3 = await startEmbeddedS3({
        directory: dir,
        port: 0,
        bucket: "cors-bucket",
        allowedOrigins: ["http://localhost:3000"],
      });
      try {
        const preflight = await fetch(`${s3.endpoint}/cors-bucket/some/key.jpg`, {
          method: "OPTIONS",
          headers: {
            Origin: "http://localhost:3000",
            "Access-Control-Request-Method": "PUT",
            "Access-Control-Request-Headers": "content-type",
          },
        });
        expect(preflight.status).toBe(200);
        expect(preflight.headers.get("access-control-allow-origin")).toBe("http://localhost:3000");
        const unsigned = await fetch(`${s3.endpoint}/cors-bucket`);
        expect(unsigned.status).toBe(403);
        await unsigned.arrayBuffer();
      } finally {
        await s3.stop();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
