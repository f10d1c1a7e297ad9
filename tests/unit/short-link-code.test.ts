import { describe, expect, it } from "vitest";
import {
  newShortCode,
  normaliseShortCode,
  SHORT_CODE_ALPHABET,
  SHORT_CODE_LENGTH,
} from "@/lib/features/short-links/code";

describe("short-link codes", () => {
  it("use 10 symbols of a 32-symbol alphabet without look-alikes", () => {
    expect(SHORT_CODE_LENGTH).toBeGreaterThanOrEqual(8);
    expect(new Set(SHORT_CODE_ALPHABET).size).toBe(32);
    expect(SHORT_CODE_ALPHABET).not.toMatch(/[ilou]/);
    for (let i = 0; i < 200; i += 1) {
      const code = newShortCode();
      expect(code).toHaveLength(SHORT_CODE_LENGTH);
      expect([...code].every((c) => SHORT_CODE_ALPHABET.includes(c))).toBe(true);
    }
  });

  it("do not repeat and spread over the whole alphabet", () => {
    const codes = Array.from({ length: 5000 }, newShortCode);
    expect(new Set(codes).size).toBe(codes.length);
    const seen = new Set(codes.join(""));
    expect(seen.size).toBe(32);
  });

  it("are read case-insensitively; anything else is not a code", () => {
    const code = newShortCode();
    expect(normaliseShortCode(code.toUpperCase())).toBe(code);
    for (const bad of ["", "abc", "0123456789a", "abcdefghil", "../../etc1", "abcdefgh%2", "ABCDEFGHIU"]) {
      expect(normaliseShortCode(bad), bad).toBeNull();
    }
  });
});
