import { describe, expect, it } from "vitest";
import { clientIp, ipKeyPart } from "@/lib/core/rate-limit/client-ip";

const headers = (h: Record<string, string>) => new Headers(h);
const direct = { trustProxy: false, trustedProxies: [] };

describe("clientIp", () => {
  it("believes only a single-value X-Forwarded-For without a proxy (what Next.js sets from the socket)", () => {
    expect(clientIp(headers({ "x-forwarded-for": "203.0.113.9" }), direct)).toBe("203.0.113.9");
    expect(clientIp(headers({ "x-forwarded-for": "::ffff:203.0.113.9" }), direct)).toBe("203.0.113.9");
    expect(clientIp(headers({ "x-forwarded-for": "1.2.3.4, 203.0.113.9" }), direct)).toBeNull();
    expect(clientIp(headers({ "x-real-ip": "203.0.113.9" }), direct)).toBeNull();
    expect(clientIp(headers({ "x-forwarded-for": "not an ip" }), direct)).toBeNull();
    expect(clientIp(headers({}), direct)).toBeNull();
  });

  it("takes the first entry behind a proxy that replaces the header (TRUST_PROXY)", () => {
    const proxied = { trustProxy: true, trustedProxies: [] };
    expect(clientIp(headers({ "x-forwarded-for": "198.51.100.1, 10.0.0.2" }), proxied)).toBe("198.51.100.1");
    expect(clientIp(headers({ "x-real-ip": "198.51.100.3" }), proxied)).toBe("198.51.100.3");
  });

  it("walks the chain from the right past known proxies (AUTH_TRUSTED_PROXIES)", () => {
    const known = { trustProxy: false, trustedProxies: ["10.0.0.0/8", "2001:db8::1"] };
    const spoofed = "6.6.6.6, 198.51.100.4, 10.1.2.3, 10.0.0.9";
    expect(clientIp(headers({ "x-forwarded-for": spoofed }), known)).toBe("198.51.100.4");
    expect(clientIp(headers({ "x-forwarded-for": "198.51.100.5, 2001:db8::1" }), known)).toBe("198.51.100.5");
    expect(clientIp(headers({ "x-forwarded-for": "10.0.0.1" }), known)).toBeNull();
  });
});

describe("ipKeyPart", () => {
  it("is a keyed hash: stable, secret-dependent, and without the address", () => {
    const a = ipKeyPart("203.0.113.9", "s1");
    expect(a).toBe(ipKeyPart("203.0.113.9", "s1"));
    expect(a).not.toBe(ipKeyPart("203.0.113.9", "s2"));
    expect(a).not.toBe(ipKeyPart("203.0.113.10", "s1"));
    expect(a).not.toContain("203");
  });

  it("groups IPv6 addresses by /64", () => {
    expect(ipKeyPart("2001:db8:1:2::5", "s")).toBe(ipKeyPart("2001:db8:1:2:ffff::1", "s"));
    expect(ipKeyPart("2001:db8:1:2::5", "s")).toBe(ipKeyPart("2001:0db8:0001:0002:0:0:0:9", "s"));
    expect(ipKeyPart("2001:db8:1:2::5", "s")).not.toBe(ipKeyPart("2001:db8:1:3::5", "s"));
  });
});
