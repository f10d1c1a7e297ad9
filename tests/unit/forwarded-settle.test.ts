import { describe, expect, it } from "vitest";
import { settleForwarded, untrustedProxyWarning } from "@/lib/core/http/forwarded.cjs";
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
