import { describe, expect, it } from "vitest";
import {
  recordUntrustedProxy,
  settleForwarded,
  untrustedProxySeen,
  untrustedProxyWarning,
} from "@/lib/core/http/forwarded.cjs";
import en from "@/messages/en.json";

/**
 * Issue #34 review, L2: the scheme a trusted proxy forwards is the last X-Forwarded-Proto value
 * (the nearest hop's), not the first (the client's own, passed on); with both TRUST_PROXY and
 * AUTH_TRUSTED_PROXIES set, only the listed proxies are believed. L3: the warning about an
 * untrusted local proxy shows the address as where requests were seen from, never as a value
 * to paste into AUTH_TRUSTED_PROXIES.
 */
const settle = (
  headers: Record<string, string>,
  from: string,
  options: { trustProxy: boolean; trustedProxies: string[] },
) => {
  const settled = { ...headers };
  const outcome = settleForwarded(settled, { remoteAddress: from, encrypted: false }, options);
  return { settled, https: outcome.https };
};
const listed = { trustProxy: false, trustedProxies: ["10.0.0.5"] };

describe("X-Forwarded-Proto from a trusted proxy", () => {
  it("takes the last value, the one the proxy added", () => {
    expect(settle({ "x-forwarded-proto": "https, http" }, "10.0.0.5", listed).https).toBe(false);
    expect(settle({ "x-forwarded-proto": "http, https" }, "10.0.0.5", listed).https).toBe(true);
    expect(settle({ "x-forwarded-proto": "https" }, "10.0.0.5", listed).settled["x-forwarded-proto"]).toBe(
      "https",
    );
  });

  it("with TRUST_PROXY and a list both set, believes only the listed proxies", () => {
    const both = { trustProxy: true, trustedProxies: ["10.0.0.5"] };
    const stranger = settle(
      { "x-forwarded-proto": "https", "x-forwarded-host": "evil.test" },
      "10.0.0.9",
      both,
    );
    expect(stranger.https).toBe(false);
    expect(stranger.settled["x-forwarded-host"]).toBeUndefined();
    expect(settle({ "x-forwarded-proto": "https" }, "10.0.0.5", both).https).toBe(true);
    // TRUST_PROXY alone still believes every sender.
    expect(
      settle({ "x-forwarded-proto": "https" }, "10.0.0.9", { trustProxy: true, trustedProxies: [] }).https,
    ).toBe(true);
  });
});

describe("the untrusted-proxy warning", () => {
  it("says where requests were seen from, names the variable, and offers no value to paste", () => {
    const log = untrustedProxyWarning("127.0.0.1");
    expect(log).toContain("seen from 127.0.0.1");
    expect(log).toContain("AUTH_TRUSTED_PROXIES");
    expect(log).not.toMatch(/AUTH_TRUSTED_PROXIES=\S/);
    const page = en.status.proxyWarning;
    expect(page).toContain("seen from {address}");
    expect(page).toContain("{variable}");
    expect(page.match(/\{address\}/g)).toHaveLength(1);
  });
});

describe("a sighting relayed by another web process", () => {
  const key = Symbol.for("afterglow.untrustedProxy");
  const at = "2026-11-28T07:00:00.000Z";
  it("is recorded once, only when it is a well-formed local sighting, and never replaces one", () => {
    const scope = globalThis as unknown as Record<symbol, unknown>;
    const before = scope[key];
    delete scope[key];
    try {
      // Anything a stray message could carry is refused: a public address, an unknown header, no time.
      for (const record of [
        null,
        "127.0.0.1",
        { address: "203.0.113.9", header: "x-forwarded-for", at },
        { address: "127.0.0.1", header: "cookie", at },
        { address: "127.0.0.1", header: "x-forwarded-for", at: "yesterday" },
      ]) {
        expect(recordUntrustedProxy(record)).toBe(false);
      }
      expect(untrustedProxySeen()).toBeNull();
      expect(recordUntrustedProxy({ address: "::1", header: "forwarded", at })).toBe(true);
      expect(recordUntrustedProxy({ address: "127.0.0.2", header: "x-forwarded-for", at })).toBe(false);
      expect(untrustedProxySeen()).toEqual({ address: "::1", header: "forwarded", at });
    } finally {
      if (before === undefined) delete scope[key];
      else scope[key] = before;
    }
  });

  it("is shared by the process that saw it, once", () => {
    const scope = globalThis as unknown as Record<symbol, unknown>;
    const before = scope[key];
    delete scope[key];
    const shared: unknown[] = [];
    try {
      const options = { trustProxy: false, trustedProxies: [], share: (r: unknown) => shared.push(r) };
      settleForwarded({ "x-forwarded-for": "198.51.100.1" }, { remoteAddress: "127.0.0.1" }, options);
      settleForwarded({ "x-forwarded-for": "198.51.100.2" }, { remoteAddress: "127.0.0.1" }, options);
      expect(shared).toEqual([{ address: "127.0.0.1", header: "x-forwarded-for", at: expect.any(String) }]);
    } finally {
      if (before === undefined) delete scope[key];
      else scope[key] = before;
    }
  });
});
