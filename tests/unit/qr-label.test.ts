import { describe, expect, it } from "vitest";
import {
  QR_LABEL_MAX,
  qrImageQuerySchema,
  qrLabelKey,
  qrLabelSchema,
} from "@/lib/features/short-links/schemas";

const parse = (value: unknown) => qrLabelSchema.safeParse(value);

describe("QR code labels", () => {
  it("are trimmed, NFC and single-spaced", () => {
    expect(parse("  Stage   screen \t").data).toBe("Stage screen");
    expect(parse("Entrada\u0301").data).toBe("Entradá");
    expect(parse("Cartaz · porta 2").data).toBe("Cartaz · porta 2");
  });

  it("hold 1 to 40 characters", () => {
    expect(parse("x".repeat(QR_LABEL_MAX)).success).toBe(true);
    expect(parse("x".repeat(QR_LABEL_MAX + 1)).error?.issues[0]?.message).toBe(
      "shortLinks.qr.errors.labelTooLong",
    );
    expect(parse("").error?.issues[0]?.message).toBe("shortLinks.qr.errors.labelRequired");
    expect(parse("   ").error?.issues[0]?.message).toBe("shortLinks.qr.errors.labelRequired");
  });

  it("are plain text: no control characters or bidi overrides, and strings only", () => {
    for (const bad of ["door\u0000", "\u202Eecnartne", "a\u0007b", 42, null, { label: "x" }]) {
      expect(parse(bad).success, String(bad)).toBe(false);
    }
  });

  it("clash regardless of case", () => {
    expect(qrLabelKey("Entrance")).toBe(qrLabelKey("ENTRANCE"));
    expect(qrLabelKey("Palco Á")).toBe(qrLabelKey("palco á"));
    expect(qrLabelKey("Entrance")).not.toBe(qrLabelKey("Entrance 2"));
  });

  it("download only at the print sizes, as PNG or SVG", () => {
    expect(qrImageQuerySchema.parse({})).toEqual({ format: "png", size: 1024 });
    expect(qrImageQuerySchema.parse({ format: "svg", size: "4096" })).toEqual({ format: "svg", size: 4096 });
    expect(qrImageQuerySchema.safeParse({ size: "100000" }).success).toBe(false);
    expect(qrImageQuerySchema.safeParse({ format: "gif" }).success).toBe(false);
  });
});
