import { z } from "zod";
import { newPassword } from "@/lib/auth/password-rules";
import { displayName, email } from "@/lib/validation/common";

/** Form inputs of the auth pages; messages are i18n keys, shared by client and server. */

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
