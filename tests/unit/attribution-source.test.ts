import { describe, expect, it } from "vitest";
import { decodeSource, encodeSource, validSource } from "@/lib/platform/attribution/source";

describe("visit source format", () => {
  it("encodes and decodes each kind", () => {
    expect(encodeSource({ kind: "channel", value: "whatsapp" })).toBe("ch:whatsapp");
    expect(encodeSource({ kind: "qr", value: "cm3qrcode0001" })).toBe("qr:cm3qrcode0001");
    expect(encodeSource({ kind: "utm", value: "newsletter_nov" })).toBe("utm:newsletter_nov");
    expect(encodeSource({ kind: "referrer", value: "l.instagram.com" })).toBe("ref:l.instagram.com");
    expect(decodeSource("ref:l.instagram.com")).toEqual({ kind: "referrer", value: "l.instagram.com" });
    expect(decodeSource("utm:newsletter_nov")).toEqual({ kind: "utm", value: "newsletter_nov" });
  });

  it("refuses anything outside the format", () => {
    for (const bad of [
      "",
      "whatsapp",
      "xx:whatsapp",
      "ch:WhatsApp",
      "ch:<script>",
      "utm:a b",
      "ref:exa_mple.com",
      "ref:-bad.com",
      "qr:short",
      `utm:${"a".repeat(61)}`,
      "ch:whatsapp\n",
    ]) {
      expect(decodeSource(bad), bad).toBeNull();
      expect(validSource(bad), bad).toBeNull();
    }
    expect(encodeSource({ kind: "utm", value: "Has Space" })).toBeNull();
    expect(validSource(null)).toBeNull();
  });
});
