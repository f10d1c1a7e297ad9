import * as z from "zod/mini";
import { newPassword } from "@/lib/auth/password-rules";
import { displayName, email } from "@/lib/validation/mini";

/**
 * Form inputs of the auth pages; messages are i18n keys, shared by client and server.
 * zod/mini, not zod's classic API: the sign-in pages' forms parse with these in the browser
 * (issue #16's page weight).
 */

export const signUpSchema = z.object({
  displayName,
  email,
  password: newPassword,
});
export type SignUpInput = z.input<typeof signUpSchema>;

export const signInSchema = z.object({
  email,
  password: z.string().check(z.minLength(1, "validation.required")),
});

export const emailOnlySchema = z.object({ email });

export const resetPasswordSchema = z.object({
  password: newPassword,
  token: z.string().check(z.minLength(1)),
});
