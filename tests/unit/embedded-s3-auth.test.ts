import { GetObjectCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { afterAll, describe, expect, it } from "vitest";
import { verifySignature } from "@/scripts/lib/embedded-s3-auth";

/** Issue #12, hole 2: what the embedded store's signature check accepts, decided offline. */
const credentials = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
const client = new S3Client({
  endpoint: "http://127.0.0.1:4569",
  region: "us-east-1",
  forcePathStyle: true,
  credentials,
});
afterAll(() => client.destroy());

const asReceived = (signedUrl: string, method: string, headers: Record<string, string> = {}) => {
  const url = new URL(signedUrl);
  return { method, url: url.pathname + url.search, headers: { host: url.host, ...headers } };
};

describe("verifySignature", () => {
  it("accepts a presigned GET until it expires, and not after", async () => {
    const url = await getSignedUrl(client, new GetObjectCommand({ Bucket: "b", Key: "a b/ç+(1).jpg" }), {
      expiresIn: 60,
    });
    expect(verifySignature(asReceived(url, "GET"), credentials)).toEqual({ ok: true });
    expect(verifySignature(asReceived(url, "GET"), credentials, Date.now() + 61_000)).toMatchObject({
      ok: false,
      code: "AccessDenied",
    });
  });

  it("refuses another method, object, key or host than the one signed", async () => {
    const url = await getSignedUrl(client, new GetObjectCommand({ Bucket: "b", Key: "k" }), {
      expiresIn: 60,
    });
    expect(verifySignature(asReceived(url, "DELETE"), credentials).ok).toBe(false);
    expect(verifySignature(asReceived(url.replace("/b/k?", "/b/other?"), "GET"), credentials).ok).toBe(false);
    expect(
      verifySignature({ ...asReceived(url, "GET"), headers: { host: "evil:4569" } }, credentials).ok,
    ).toBe(false);
    expect(verifySignature(asReceived(url, "GET"), { ...credentials, secretAccessKey: "other" }).ok).toBe(
      false,
    );
  });

  it("holds a presigned PUT to its signed Content-Type and Content-Length", async () => {
    const url = await getSignedUrl(
      client,
      new PutObjectCommand({ Bucket: "b", Key: "k", ContentType: "image/jpeg", ContentLength: 5 }),
      { expiresIn: 60, signableHeaders: new Set(["content-type", "content-length"]) },
    );
    const put = (headers: Record<string, string>) =>
      verifySignature(asReceived(url, "PUT", headers), credentials);
    expect(put({ "content-type": "image/jpeg", "content-length": "5" })).toEqual({ ok: true });
    expect(put({ "content-type": "text/html", "content-length": "5" })).toMatchObject({
      code: "SignatureDoesNotMatch",
    });
    expect(put({ "content-length": "5" }).ok).toBe(false);
    expect(put({ "content-type": "image/jpeg", "content-length": "6" }).ok).toBe(false);
  });

  it("refuses a request with no signature", () => {
    expect(
      verifySignature({ method: "GET", url: "/b?list-type=2", headers: { host: "x" } }, credentials),
    ).toMatchObject({
      ok: false,
      code: "AccessDenied",
    });
  });
});
