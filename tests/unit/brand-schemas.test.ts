import { describe, expect, it } from "vitest";
import { brandingSchema, LEGAL_TEXT_MAX, legalTextsSchema } from "@/lib/features/brand/schemas";

const errorsOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));

describe("branding schema", () => {
  it("normalises colours to lower-case #rrggbb and reads an empty colour as the platform's (null)", () => {
    const parsed = brandingSchema.parse({
      brandColor: " #AB12CD ",
      accentColor: "",
      colorScheme: "dark",
      template: "editorial",
    });
    expect(parsed).toEqual({
      brandColor: "#ab12cd",
      accentColor: null,
      colorScheme: "dark",
      template: "editorial",
    });
  });

  it("leaves fields the form did not send undefined (kept), and an empty logo id means no new logo", () => {
    expect(brandingSchema.parse({ logoMediaId: "" })).toEqual({});
    expect(brandingSchema.parse({ logoMediaId: "media-1" })).toEqual({ logoMediaId: "media-1" });
  });

  it.each(["red", "#abc", "#12345g", "#1234567", "rgb(0,0,0)", "#12345"])(
    "refuses the colour %j",
    (value) => {
      const result = brandingSchema.safeParse({ brandColor: value });
      expect(result.success).toBe(false);
      expect(errorsOf(result)).toEqual({ brandColor: "settings.branding.colorInvalid" });
    },
  );

  it("refuses an unknown template or light/dark behaviour", () => {
    const result = brandingSchema.safeParse({ template: "neon", colorScheme: "sepia" });
    expect(errorsOf(result)).toEqual({ template: "validation.required", colorScheme: "validation.required" });
  });

  it("refuses an overlong logo id", () => {
    expect(brandingSchema.safeParse({ logoMediaId: "x".repeat(65) }).success).toBe(false);
  });
});

describe("legal texts schema", () => {
  it("stores the texts as typed (trimmed) and an empty one as the platform's (null)", () => {
    const terms =
      "# Terms\n\n- **one**\n- *two* [link](https://example.com)\n\n<script>kept as text</script>";
    expect(legalTextsSchema.parse({ termsText: `  ${terms}\n`, privacyText: "   " })).toEqual({
      termsText: terms,
      privacyText: null,
    });
  });

  it("reads a browser's CRLF line breaks as the line breaks typed", () => {
    expect(legalTextsSchema.parse({ termsText: "# T\r\n\r\n- one\r- two", privacyText: "" }).termsText).toBe(
      "# T\n\n- one\n- two",
    );
  });

  it("refuses a text over the limit and control or bidi-override characters", () => {
    const long = legalTextsSchema.safeParse({ termsText: "a".repeat(LEGAL_TEXT_MAX + 1), privacyText: "" });
    expect(errorsOf(long)).toEqual({ termsText: "settings.branding.legal.tooLong" });
    expect(
      legalTextsSchema.safeParse({ termsText: "a".repeat(LEGAL_TEXT_MAX), privacyText: "" }).success,
    ).toBe(true);
    const controls = legalTextsSchema.safeParse({ termsText: "ok", privacyText: "evil \u202e txt" });
    expect(errorsOf(controls)).toEqual({ privacyText: "validation.invalidCharacters" });
  });
});
