import { describe, expect, it } from "vitest";
import { assertEmbeddedPublicEndpoint, isLoopbackHost } from "@/scripts/lib/embedded-s3";

/** Issue #12, hole 2: the app must not hand browsers the embedded store on a public address. */
describe("embedded S3 public endpoint", () => {
  it("knows loopback names and addresses", () => {
    for (const host of ["localhost", "LOCALHOST", "s3.localhost", "127.0.0.1", "127.9.8.7", "::1", "[::1]"]) {
      expect(isLoopbackHost(host), host).toBe(true);
    }
    for (const host of [
      "0.0.0.0",
      "::",
      "10.0.0.5",
      "192.168.1.2",
      "media.example.com",
      "localhost.example.com",
      "128.0.0.1",
    ]) {
      expect(isLoopbackHost(host), host).toBe(false);
    }
  });

  it("refuses a non-loopback S3_PUBLIC_ENDPOINT with the embedded store, accepts loopback or none", () => {
    expect(() => assertEmbeddedPublicEndpoint("https://media.example.com")).toThrow(/S3_PUBLIC_ENDPOINT/);
    expect(() => assertEmbeddedPublicEndpoint("http://192.168.1.10:4569")).toThrow(/non-loopback/);
    expect(() => assertEmbeddedPublicEndpoint("http://localhost:4569")).not.toThrow();
    expect(() => assertEmbeddedPublicEndpoint("http://127.0.0.1:4569")).not.toThrow();
    expect(() => assertEmbeddedPublicEndpoint(undefined)).not.toThrow();
  });
});
