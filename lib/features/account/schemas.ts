import { z } from "zod";
import { newPassword } from "@/lib/platform/auth/schemas";
import { displayName, email } from "@/lib/core/validation/common";

/** Form inputs of the account page; messages are i18n keys, shared by client and server. */

export const nameSchema = z.object({ displayName });

const currentPassword = z.string().min(1, "validation.required").max(256, "validation.tooLong");

/** The current password too: a session alone (perhaps borrowed) cannot move the account away. */
export const emailChangeSchema = z.object({ newEmail: email, currentPassword });

export const passwordChangeSchema = z.object({ currentPassword, newPassword });

/** The password that confirms turning two-factor on or off, or new recovery codes. */
export const confirmPasswordSchema = z.object({
  password: z.string().min(1, "validation.required").max(256, "validation.tooLong"),
});

/** A 6-digit code from the authenticator app (spaces, as apps show them, allowed). */
export const totpCodeSchema = z.object({
  code: z
    .string()
    .transform((v) => v.replace(/\s+/g, ""))
    .pipe(z.string().regex(/^\d{6}$/, "account.twoFactor.codeFormat")),
});
