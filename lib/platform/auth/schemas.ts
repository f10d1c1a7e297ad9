import { z } from "zod";
import { PASSWORD_MAX_LENGTH, passwordProblems } from "@/lib/platform/auth/password-rules";
import { displayName, email } from "@/lib/core/validation/common";

/**
 * Form inputs of the auth pages; messages are i18n keys. The server parses with these; the
 * browser forms check the same rules without zod (lib/platform/auth/form-checks.ts, held equal by a test).
 */

/** A new password: every rule, each with its own message (the form shows all of them). */
export const newPassword = z
  .string({ error: "auth.password.minLength" })
  .max(PASSWORD_MAX_LENGTH, "auth.password.tooLong")
  .superRefine((value, ctx) => {
    for (const message of passwordProblems(value)) ctx.addIssue({ code: "custom", message });
  });

export const signUpSchema = z.object({
  displayName,
  email,
  password: newPassword,
});
export type SignUpInput = z.input<typeof signUpSchema>;

export const signInSchema = z.object({
  email,
  password: z.string().min(1, "validation.required"),
});

export const emailOnlySchema = z.object({ email });

export const resetPasswordSchema = z.object({
  password: newPassword,
  token: z.string().min(1),
});
