import { describe, expect, it } from "vitest";
import { optionalUrl, withUrlScheme } from "@/lib/core/validation/common";

describe("withUrlScheme", () => {
  it("completes what people type without a scheme", () => {
    expect(withUrlScheme("example.com")).toBe("https://example.com");
    expect(withUrlScheme("www.instagram.com/afterglow")).toBe("https://www.instagram.com/afterglow");
    expect(withUrlScheme("example.com:8080/x")).toBe("https://example.com:8080/x");
    expect(withUrlScheme("//example.com")).toBe("https://example.com");
  });

  it("leaves an address with a scheme as typed", () => {
    expect(withUrlScheme("http://example.com")).toBe("http://example.com");
    expect(withUrlScheme("HTTPS://Example.com")).toBe("HTTPS://Example.com");
    expect(withUrlScheme("javascript:alert(1)")).toBe("javascript:alert(1)");
  });
});

describe("optionalUrl", () => {
  it("accepts a completed address and still refuses other schemes and nonsense", () => {
    expect(optionalUrl.parse(" example.com ")).toBe("https://example.com");
    expect(optionalUrl.parse("")).toBeUndefined();
    for (const bad of ["javascript:alert(1)", "ftp://example.com", "not a url", "data:text/html,x"]) {
      expect(optionalUrl.safeParse(bad).success, bad).toBe(false);
    }
  });
});
