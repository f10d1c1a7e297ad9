import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError, isUniqueViolation, parseOrThrow, validationError } from "@/lib/core/errors";

// The two helpers beside AppError that replaced hand-written copies (lib/core/errors.ts).

describe("parseOrThrow", () => {
  const schema = z.object({
    name: z.string().trim().min(1, "engagement.errors.nameAndEmailRequired"),
    rating: z.coerce.number({ error: "engagement.errors.ratingInvalid" }).int(),
  });

  it("answers the schema's output (transforms applied)", () => {
    expect(parseOrThrow(schema, { name: "  Ana ", rating: "4" })).toEqual({ name: "Ana", rating: 4 });
  });

  it("throws the very 422 validationError builds, with its options", () => {
    const input = { name: " ", rating: "x" };
    const zodError = schema.safeParse(input).error!;
    for (const options of [
      undefined,
      { message: "field" as const },
      { message: "field" as const, prefix: "lead" },
    ]) {
      const expected = validationError(zodError, options);
      expect(() => parseOrThrow(schema, input, options)).toThrow(
        expect.objectContaining({
          code: "validation",
          messageKey: expected.messageKey,
          fieldErrors: expected.fieldErrors,
        }),
      );
      expect(() => parseOrThrow(schema, input, options)).toThrow(AppError);
    }
  });

  it("keys an error of a bare value as the form's (under the prefix when given)", () => {
    const label = z.string().min(1, "shortLinks.qr.errors.labelRequired");
    expect(() => parseOrThrow(label, "", { message: "field", prefix: "label" })).toThrow(
      expect.objectContaining({
        messageKey: "shortLinks.qr.errors.labelRequired",
        fieldErrors: { "label._form": "shortLinks.qr.errors.labelRequired" },
      }),
    );
  });
});

describe("isUniqueViolation", () => {
  // The shape Prisma's pg adapter throws (PrismaClientKnownRequestError): code and meta.
  const clash = (constraint: string) =>
    Object.assign(new Error("Unique constraint failed"), {
      code: "P2002",
      meta: { modelName: "ShortLink", driverAdapterError: { cause: { constraint: { index: constraint } } } },
    });

  it("is a Prisma unique-constraint refusal, and nothing else", () => {
    expect(isUniqueViolation(clash("short_link_code_key"))).toBe(true);
    expect(isUniqueViolation({ code: "P2002" })).toBe(true);
    for (const other of [
      { code: "P2025" },
      { code: "23505" },
      new Error("P2002"),
      null,
      undefined,
      "P2002",
      42,
    ]) {
      expect(isUniqueViolation(other), JSON.stringify(other)).toBe(false);
    }
  });

  it("names the constraint when asked: only a refusal of that one", () => {
    const error = clash("short_link_eventId_labelKey_key");
    expect(isUniqueViolation(error, "_labelKey_key")).toBe(true);
    expect(isUniqueViolation(error, "short_link_code_key")).toBe(false);
    // No meta: no name to match.
    expect(isUniqueViolation({ code: "P2002" }, "short_link_code_key")).toBe(false);
  });
});
