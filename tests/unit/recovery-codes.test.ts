import { describe, expect, it } from "vitest";
import {
  generateRecoveryCodes,
  normaliseRecoveryCode,
  RECOVERY_ALPHABET,
  recoveryCodesFile,
} from "@/lib/platform/auth/recovery-codes";

describe("two-factor recovery codes", () => {
  it("are ten distinct codes of three groups of four, with no look-alike characters", () => {
    const codes = generateRecoveryCodes();
    expect(new Set(codes).size).toBe(10);
    for (const code of codes)
      expect(code).toMatch(/^[23456789a-hjkmnp-z]{4}-[23456789a-hjkmnp-z]{4}-[23456789a-hjkmnp-z]{4}$/);
    expect(RECOVERY_ALPHABET).not.toMatch(/[01ilo]/);
    expect(RECOVERY_ALPHABET).toHaveLength(31);
  });

  it("use every symbol about equally (no modulo bias)", () => {
    const counts = new Map<string, number>();
    for (const code of generateRecoveryCodes(20_000))
      for (const c of code.replaceAll("-", "")) counts.set(c, (counts.get(c) ?? 0) + 1);
    // 240,000 symbols over 31: about 7,742 each (σ ≈ 88). A draw biased by the modulo
    // (256 % 31 = 8) would give 8 of them about 8,437: 695 over.
    expect(counts.size).toBe(31);
    for (const n of counts.values()) expect(Math.abs(n - 240_000 / 31)).toBeLessThan(400);
  });

  it("reads a typed code as it was shown: spaces dropped, dashes restored, older codes kept", () => {
    expect(normaliseRecoveryCode(" k7wq 3mzd 9hxe ")).toBe("k7wq-3mzd-9hxe");
    expect(normaliseRecoveryCode("k7wq3mzd9hxe")).toBe("k7wq-3mzd-9hxe");
    expect(normaliseRecoveryCode("k7wq-3mzd-9hxe")).toBe("k7wq-3mzd-9hxe");
    // Read off paper in capitals, with or without dashes.
    expect(normaliseRecoveryCode("K7WQ 3MZD 9HXE")).toBe("k7wq-3mzd-9hxe");
    expect(normaliseRecoveryCode("K7WQ-3MZD-9HXE")).toBe("k7wq-3mzd-9hxe");
    // Better Auth's earlier codes: case kept, the dash after the fifth character.
    expect(normaliseRecoveryCode("AbCdE12345")).toBe("AbCdE-12345");
    expect(normaliseRecoveryCode("AbCdE-12345")).toBe("AbCdE-12345");
    expect(normaliseRecoveryCode("ABCDE12345")).toBe("ABCDE-12345");
  });

  it("make a text file with a heading, one code a line", () => {
    expect(recoveryCodesFile(["a", "b"], "Codes")).toBe("Codes\n\na\nb\n");
  });
});
