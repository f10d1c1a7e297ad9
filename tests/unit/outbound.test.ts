/**
 * The SSRF-safe client's rules (lib/core/http/outbound.ts, issue #38) after the attacker review:
 * the special-purpose IPv6 ranges, the scheme's own port only, and DNS inside the deadline.
 * Nothing here reaches the network beyond loopback sockets of the test's own.
 */
import { createSocket, type Socket } from "node:dgram";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPublicAddress, postToPublicAddress, type OutboundSettings } from "@/lib/core/http/outbound";
import { endpointInputSchema } from "@/lib/features/webhooks/schemas";

describe("special-purpose IPv6 ranges", () => {
  it.each([
    // IPv4-mapped (::ffff:0:0/96): the IPv4 inside decides, in either notation.
    ["::ffff:127.0.0.1", false],
    ["::ffff:7f00:1", false],
    ["::ffff:a9fe:a9fe", false], // 169.254.169.254
    ["::ffff:c0a8:101", false], // 192.168.1.1
    ["::ffff:8.8.8.8", true],
    ["::ffff:808:808", true],
    // Well-known NAT64 (64:ff9b::/96): the same.
    ["64:ff9b::7f00:1", false],
    ["64:ff9b::10.0.0.1", false],
    ["64:ff9b::a9fe:a9fe", false],
    ["64:ff9b::808:808", true],
    ["64:ff9b::8.8.8.8", true],
    // Local-use NAT64 (64:ff9b:1::/48): a site's own translator, refused whole.
    ["64:ff9b:1::808:808", false],
    ["64:ff9b:1:ffff::1", false],
    // Documentation, the second prefix (3fff::/20), and the first, still refused.
    ["3fff::1", false],
    ["3fff:fff:ffff::1", false],
    ["2001:db8::1", false],
    // SRv6 segment identifiers (5f00::/16).
    ["5f00::1", false],
    ["5f00:ffff::1", false],
    // The dummy prefix (100:0:0:1::/64) and the discard prefix (100::/64).
    ["100:0:0:1::1", false],
    ["100::1", false],
    // Outside global unicast (2000::/3) and named by no list: still not public.
    ["4000::1", false],
    ["e000::1", false],
    // Global unicast beside those ranges stays public.
    ["3ffe:ffff::1", true], // just below 3fff::/20
    ["3fff:1000::1", true], // just above it
    ["2606:4700:4700::1111", true],
    ["2a00:1450:4001::200e", true],
  ])("%s public: %s", (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});

/** A local HTTP server that answers 204; the tests reach it through `allowAddress`. */
let server: Server;
let requests = 0;
let port = 0;
/** A UDP socket that takes DNS queries and never answers. */
let silent: Socket;
let silentPort = 0;
const base: OutboundSettings = {
  resolvers: [],
  allowAddress: (address) => address === "127.0.0.1",
  timeoutMs: 2_000,
  maxBodyBytes: 1024,
};

beforeAll(async () => {
  server = createServer((_req, res) => {
    requests += 1;
    res.writeHead(204).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
  silent = createSocket("udp4");
  silent.on("message", () => undefined);
  await new Promise<void>((resolve) => silent.bind(0, "127.0.0.1", resolve));
  silentPort = silent.address().port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await new Promise<void>((resolve) => silent.close(() => resolve()));
});

describe("ports", () => {
  it("refuses a port other than the scheme's, before any lookup or connection", async () => {
    requests = 0;
    await expect(
      postToPublicAddress(new URL(`http://127.0.0.1:${port}/in`), {}, "{}", base),
    ).rejects.toMatchObject({ code: "bad_url", message: `bad_url: port ${port}` });
    await expect(
      postToPublicAddress(new URL("https://hooks.example.com:8443/in"), {}, "{}", base),
    ).rejects.toMatchObject({ code: "bad_url" });
    expect(requests).toBe(0);
  });

  it("takes any port where allowed (development and tests)", async () => {
    const answer = await postToPublicAddress(new URL(`http://127.0.0.1:${port}/in`), {}, "{}", {
      ...base,
      anyPort: true,
    });
    expect(answer.status).toBe(204);
    expect(requests).toBeGreaterThan(0);
  });

  it("an endpoint's URL: https on 443 only, unless http (and any port) is allowed", () => {
    const parse = (url: string, allowHttp = false) =>
      endpointInputSchema(allowHttp).safeParse({ url, eventTypes: ["lead.created"] }).success;
    expect(parse("https://hooks.example.com/in")).toBe(true);
    expect(parse("https://hooks.example.com:443/in")).toBe(true); // the default, written out
    expect(parse("https://hooks.example.com:8443/in")).toBe(false);
    expect(parse("https://hooks.example.com:25/in")).toBe(false);
    expect(parse("https://hooks.example.com:80/in")).toBe(false);
    expect(parse("http://hooks.example.com:8080/in", true)).toBe(true);
  });
});

describe("the deadline covers DNS", () => {
  it("a resolver that never answers fails the attempt within its timeout", async () => {
    const started = performance.now();
    await expect(
      postToPublicAddress(new URL("https://hooks.example.com/in"), {}, "{}", {
        ...base,
        resolvers: [`127.0.0.1:${silentPort}`],
        timeoutMs: 400,
      }),
    ).rejects.toMatchObject({ code: "dns_failed", message: "dns_failed: timeout" });
    const elapsed = performance.now() - started;
    // Without the deadline c-ares waits its own timeouts (seconds) before giving up.
    expect(elapsed).toBeGreaterThanOrEqual(390);
    expect(elapsed).toBeLessThan(1_500);
  });
});
