import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  checkEmailOnly,
  checkResetPassword,
  checkSignIn,
  checkSignUp,
  type FormCheck,
} from "@/lib/platform/auth/form-checks";
import {
  emailOnlySchema,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
} from "@/lib/platform/auth/schemas";
import { fieldErrorsOf } from "@/lib/core/errors";
import { EMAIL_PATTERN } from "@/lib/core/validation/rules";

/** What a form would show after parsing `input` with `schema` (the server's answer). */
function viaSchema(schema: z.ZodType, input: unknown): FormCheck<unknown> {
  const parsed = schema.safeParse(input);
  return parsed.success
    ? { ok: true, data: parsed.data }
    : { ok: false, fieldErrors: fieldErrorsOf(parsed.error) };
}

const emails = [
  "",
  "   ",
  " Maria@Example.COM ",
  "maria@",
  "maria@example",
  "maria@example.c",
  "a.b+c@sub.example.pt",
  ".a@example.com",
  "a..b@example.com",
  "o'brien@example.ie",
  "maria@exa_mple.com",
  "ÁNA@example.com",
  "a@b.co",
  "x@-example.com",
];
const passwords = [
  "",
  "x",
  "Ab!1xyz",
  "ABCDEF!1",
  "abcdef!1",
  "Abcdefg!",
  "Abcdefg1",
  "Demo!Pass2026",
  `Aa1!${"x".repeat(124)}`,
  `Aa1!${"x".repeat(125)}`,
  "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
];
const names = [
  "",
  "  ",
  " Ana ",
  "<script>alert(1)</script>",
  "  <script>x</script> Maria  ",
  "a".repeat(100),
  "a".repeat(101),
  '<img src=x onerror="x()">Rui',
];

/**
 * The sign-in pages check their forms without zod; the server parses with the schemas. A form
 * must never accept what the server refuses, nor show another message than the server's.
 */
describe("the auth forms' zod-free checks agree with the server's schemas", () => {
  it("uses zod's own e-mail pattern", () => {
    expect(EMAIL_PATTERN.source).toBe(z.regexes.email.source);
    expect(EMAIL_PATTERN.flags).toBe(z.regexes.email.flags);
  });

  it("sign-in", () => {
    for (const email of emails)
      for (const password of ["", "x", " "]) {
        const input = { email, password };
        expect(checkSignIn(input), JSON.stringify(input)).toEqual(viaSchema(signInSchema, input));
      }
  });

  it("sign-up", () => {
    for (const displayName of names)
      for (const email of emails)
        for (const password of passwords) {
          const input = { displayName, email, password };
          expect(checkSignUp(input), JSON.stringify(input)).toEqual(viaSchema(signUpSchema, input));
        }
  });

  it("an address alone (forgotten password, new confirmation link)", () => {
    for (const email of emails)
      expect(checkEmailOnly({ email })).toEqual(viaSchema(emailOnlySchema, { email }));
  });

  it("a new password from a reset link", () => {
    for (const password of passwords)
      for (const token of ["", "t0k3n"]) {
        const input = { password, token };
        expect(checkResetPassword(input), JSON.stringify(input)).toEqual(
          viaSchema(resetPasswordSchema, input),
        );
      }
  });

  it("names the field and the rule, as the forms show them", () => {
    expect(checkSignUp({ displayName: "<script>x</script>", email: "maria@", password: "Abcdefg1" })).toEqual(
      {
        ok: false,
        fieldErrors: {
          displayName: "validation.required",
          email: "validation.emailInvalid",
          password: "auth.password.special",
        },
      },
    );
    expect(checkSignIn({ email: " Maria@Example.COM ", password: "x" })).toEqual({
      ok: true,
      data: { email: "maria@example.com", password: "x" },
    });
  });
});
