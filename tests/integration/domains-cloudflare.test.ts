import { createServer } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  createCloudflareClient,
  DnsProviderError,
  ensureCnameRecord,
  MANAGED_RECORD_COMMENT,
  type CloudflareConfig,
} from "@/lib/features/domains/cloudflare";
import { domainSettings } from "@/lib/features/domains/settings";
import { startFakeCloudflare, type FakeCloudflare } from "../support/cloudflare-server";

// The Cloudflare client against a local server speaking Cloudflare's v4 DNS API.

let cf: FakeCloudflare;
let config: CloudflareConfig;

beforeAll(async () => {
  cf = await startFakeCloudflare();
  config = { apiUrl: cf.url, token: cf.token, zoneId: cf.zoneId, proxied: false, timeoutMs: 1_000 };
});
afterAll(async () => {
  await cf?.close();
});
beforeEach(() => {
  cf.records.clear();
  cf.hang = false;
});

async function providerError(promise: Promise<unknown>): Promise<DnsProviderError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DnsProviderError);
  return error as DnsProviderError;
}

describe("Cloudflare client", () => {
  it("creates, finds and deletes a record with the bearer token", async () => {
    const client = createCloudflareClient(config);
    expect(await client.findRecord("CNAME", "demo.afterglow.events")).toBeNull();
    const created = await client.createRecord({
      type: "CNAME",
      name: "demo.afterglow.events",
      content: "afterglow.events",
    });
    expect(cf.records.get(created.id)).toMatchObject({
      name: "demo.afterglow.events",
      content: "afterglow.events",
      proxied: false,
    });
    expect(await client.findRecord("CNAME", "demo.afterglow.events")).toMatchObject({ id: created.id });
    expect(cf.requests.every((r) => r.authorization === `Bearer ${cf.token}`)).toBe(true);
  });

  it("ensureCnameRecord is idempotent, and keeps the old name's record after a slug change", async () => {
    const client = createCloudflareClient({ ...config, proxied: true });
    const first = await ensureCnameRecord(client, "old.afterglow.events", "afterglow.events");
    expect(await ensureCnameRecord(client, "old.afterglow.events", "afterglow.events")).toBe(first);
    expect(cf.records.size).toBe(1);
    const moved = await ensureCnameRecord(client, "new.afterglow.events", "afterglow.events");
    expect(moved).not.toBe(first);
    // The old subdomain still resolves to the app, which answers its redirect.
    expect([...cf.records.values()].map((r) => [r.name, r.proxied, r.comment])).toEqual([
      ["old.afterglow.events", true, MANAGED_RECORD_COMMENT],
      ["new.afterglow.events", true, MANAGED_RECORD_COMMENT],
    ]);
  });

  it("never adopts a record the operator made: a tenant slug named like it is refused", async () => {
    const client = createCloudflareClient(config);
    cf.records.set("op1", {
      id: "op1",
      type: "CNAME",
      name: "status.afterglow.events",
      content: "statuspage.example.net",
      proxied: false,
      ttl: 1,
      comment: null,
    });
    const error = await providerError(
      ensureCnameRecord(client, "status.afterglow.events", "afterglow.events"),
    );
    expect(error).toMatchObject({ rejected: true });
    expect(cf.records.get("op1")).toMatchObject({ content: "statuspage.example.net" });
    expect(cf.records.size).toBe(1);
  });

  it("a wrong token is a refusal with Cloudflare's message", async () => {
    const error = await providerError(
      createCloudflareClient({ ...config, token: "wrong" }).findRecord("CNAME", "x.events"),
    );
    expect(error).toMatchObject({
      rejected: true,
      status: 403,
      message: "Cloudflare: Authentication error (10000)",
    });
  });

  it("an unknown zone and a duplicate host are refusals", async () => {
    const zone = await providerError(
      createCloudflareClient({ ...config, zoneId: "nope" }).findRecord("CNAME", "x.events"),
    );
    expect(zone).toMatchObject({ rejected: true, status: 400 });
    expect(zone.message).toContain("(7003)");
    const client = createCloudflareClient(config);
    await client.createRecord({ type: "CNAME", name: "dup.afterglow.events", content: "afterglow.events" });
    const dup = await providerError(
      client.createRecord({ type: "CNAME", name: "dup.afterglow.events", content: "x" }),
    );
    expect(dup).toMatchObject({ rejected: true, message: expect.stringContaining("(81053)") });
  });

  it("a 5xx, a timeout and an unreachable API are failures to retry, not refusals", async () => {
    const client = createCloudflareClient(config);
    cf.failNext(502, 10000, "Bad gateway");
    expect(await providerError(client.findRecord("CNAME", "x.events"))).toMatchObject({
      rejected: false,
      status: 502,
    });

    cf.hang = true;
    const timedOut = await providerError(client.findRecord("CNAME", "x.events"));
    expect(timedOut.rejected).toBe(false);
    expect(timedOut.message).toContain("unreachable");
    cf.hang = false;

    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, "127.0.0.1", () => {
        const { port: free } = probe.address() as { port: number };
        probe.close(() => resolve(free));
      });
    });
    const down = createCloudflareClient({ ...config, apiUrl: `http://127.0.0.1:${port}/client/v4` });
    expect((await providerError(down.findRecord("CNAME", "x.events"))).rejected).toBe(false);
  });

  it("without CLOUDFLARE_API_TOKEN and CLOUDFLARE_ZONE_ID the provider is not configured", () => {
    expect(domainSettings().cloudflare).toBeNull();
  });
});
