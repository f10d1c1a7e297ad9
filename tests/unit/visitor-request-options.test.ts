import { describe, expect, it } from "vitest";
import { ipKeyPart } from "@/lib/core/rate-limit/client-ip";
import { newVisitorIpKey } from "@/lib/platform/visitors/request-options";

// The address key both fan-facing handlers (the engagement API, a QR code's short link) count
// a cookie-less request under (lib/platform/visitors/request-options.ts).

const options = { clientIp: { trustProxy: false, trustedProxies: [] }, ipSecret: "test-secret" };
const request = (forwardedFor?: string) =>
  new Request("https://app.test/s/abc", { headers: forwardedFor ? { "x-forwarded-for": forwardedFor } : {} });

describe("newVisitorIpKey", () => {
  it("is the hashed address of a new visitor", () => {
    expect(newVisitorIpKey(request("203.0.113.9"), { isNew: true }, options)).toBe(
      ipKeyPart("203.0.113.9", "test-secret"),
    );
  });

  it("is none for a known visitor (counted by its cookie) or an address that cannot be trusted", () => {
    expect(newVisitorIpKey(request("203.0.113.9"), { isNew: false }, options)).toBeNull();
    expect(newVisitorIpKey(request("1.2.3.4, 203.0.113.9"), { isNew: true }, options)).toBeNull();
    expect(newVisitorIpKey(request(), { isNew: true }, options)).toBeNull();
  });
});
