import { describe, expect, it } from "vitest";
import { describeUserAgent, displayIp } from "@/lib/features/account/device";

const CHROME_MAC =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.7444.59 Safari/537.36";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

describe("describeUserAgent", () => {
  it("names the browser with its major version, the system and the kind of device", () => {
    expect(describeUserAgent(CHROME_MAC)).toEqual({
      browser: "Chrome 142",
      os: "macOS Catalina",
      type: "desktop",
    });
    expect(describeUserAgent(SAFARI_IPHONE)).toMatchObject({ browser: "Safari 18", type: "mobile" });
    expect(describeUserAgent(SAFARI_IPHONE).os).toMatch(/^iOS/);
  });

  it("says nothing it does not know", () => {
    expect(describeUserAgent(null)).toEqual({ browser: null, os: null, type: "unknown" });
    expect(describeUserAgent("curl-ish")).toMatchObject({ type: "unknown" });
  });
});

describe("displayIp", () => {
  it("hides unspecified addresses and keeps real ones", () => {
    for (const none of ["0.0.0.0", "::", "0:0:0:0:0:0:0:0", "::ffff:0.0.0.0", "", null]) {
      expect(displayIp(none), String(none)).toBeNull();
    }
    expect(displayIp("203.0.113.7")).toBe("203.0.113.7");
    expect(displayIp("2001:db8::1")).toBe("2001:db8::1");
  });
});
