import { describe, expect, it } from "vitest";
import { z } from "zod";
import { emailOnlySchema, resetPasswordSchema, signInSchema, signUpSchema } from "@/lib/auth/schemas";
import { fieldErrorsOf } from "@/lib/errors";
import { companyDataSchema } from "@/lib/company/schemas";
import { displayName, email } from "@/lib/validation/common";

/**
 * The shared e-mail and display-name rules are written with zod/mini (lib/validation/mini.ts) so
 * the sign-in pages' forms parse without zod's classic API; the server's classic schemas use the
 * same ones. Their answers, messages included, are those of the classic versions they replaced.
 */
describe("the zod/mini building blocks", () => {
  it("trims and lower-cases an address, and names what is wrong with an i18n key", () => {
    expect(email.safeParse(" Maria@Example.COM ")).toMatchObject({
      success: true,
      data: "maria@example.com",
    });
    expect(email.safeParse("   ").error?.issues[0]?.message).toBe("validation.required");
    expect(email.safeParse("maria@").error?.issues[0]?.message).toBe("validation.emailInvalid");
    expect(email.safeParse(42).error?.issues[0]?.message).toBe("validation.emailInvalid");
  });

  it("strips script tags from a display name, trims it and bounds it", () => {
    expect(displayName.safeParse("  <script>x</script> Ana ")).toMatchObject({ success: true, data: "Ana" });
    expect(displayName.safeParse("<script>x</script>").error?.issues[0]?.message).toBe("validation.required");
    expect(displayName.safeParse("a".repeat(101)).error?.issues[0]?.message).toBe("validation.tooLong");
    expect(displayName.safeParse(undefined).error?.issues[0]?.message).toBe("validation.required");
  });

  it("work as fields of classic schemas, with the same messages", () => {
    const classic = z.object({ email, name: displayName });
    const parsed = classic.safeParse({ email: "nope", name: "" });
    expect(parsed.success).toBe(false);
    expect(fieldErrorsOf(parsed.error!)).toEqual({
      email: "validation.emailInvalid",
      name: "validation.required",
    });
    const company = companyDataSchema.shape.primaryEmail;
    expect(company.safeParse("")).toMatchObject({ success: true, data: null });
    expect(company.safeParse(" Info@Example.com")).toMatchObject({ success: true, data: "info@example.com" });
    expect(company.safeParse("info@").error?.issues[0]?.message).toBe("validation.emailInvalid");
  });
});

describe("the auth forms' schemas (parsed in the browser)", () => {
  it("give each field its i18n key, as the forms show them", () => {
    const signIn = signInSchema.safeParse({ email: "", password: "" });
    expect(fieldErrorsOf(signIn.error!)).toEqual({
      email: "validation.required",
      password: "validation.required",
    });
    const signUp = signUpSchema.safeParse({ displayName: " ", email: "x", password: "short" });
    expect(fieldErrorsOf(signUp.error!)).toEqual({
      displayName: "validation.required",
      email: "validation.emailInvalid",
      password: "auth.password.minLength",
    });
    expect(fieldErrorsOf(emailOnlySchema.safeParse({ email: "a@b" }).error!)).toEqual({
      email: "validation.emailInvalid",
    });
    expect(
      fieldErrorsOf(resetPasswordSchema.safeParse({ password: "Abcdefgh1", token: "t" }).error!),
    ).toEqual({
      password: "auth.password.special",
    });
    expect(
      resetPasswordSchema.safeParse({ password: `Aa1!${"x".repeat(125)}`, token: "t" }).error?.issues[0]
        ?.message,
    ).toBe("auth.password.tooLong");
  });

  it("pass valid input through, normalised", () => {
    expect(signInSchema.parse({ email: " A@B.PT ", password: "x" })).toEqual({
      email: "a@b.pt",
      password: "x",
    });
    expect(resetPasswordSchema.parse({ password: "Demo!Pass2026", token: "t" })).toEqual({
      password: "Demo!Pass2026",
      token: "t",
    });
  });
});
