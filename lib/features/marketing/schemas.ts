import { z } from "zod";
import { CONTACT_MESSAGE_MAX, CONTACT_NAME_MAX, EMAIL_MAX } from "@/lib/features/marketing/limits";
import { email, plainText } from "@/lib/core/validation/common";

/**
 * Inputs of the marketing forms. Messages are i18n keys (spec §5: "Name too long (max 100
 * characters)", "Message too long (max 1000 characters)", "Please enter a valid email").
 * `website` is a honeypot: people never see it, form-filling bots do.
 */
const honeypot = z.string().max(200).optional();

const emailField = z
  .string({ error: "validation.required" })
  .max(EMAIL_MAX, "validation.emailInvalid")
  .pipe(email);

export const signupSchema = z.object({
  email: emailField,
  website: honeypot,
});

// Name and message are plain text as typed (`plainText`, like the fans' comments and leads):
// a control character (a NUL byte, which PostgreSQL cannot store) is a field error, not a 500.
export const contactSchema = z.object({
  name: z
    .string({ error: "validation.inputEmpty" })
    .pipe(plainText())
    .pipe(z.string().min(1, "validation.inputEmpty").max(CONTACT_NAME_MAX, "forms.nameTooLong")),
  email: emailField,
  message: z
    .string({ error: "validation.inputEmpty" })
    .pipe(plainText({ multiline: true }))
    .pipe(z.string().min(1, "validation.inputEmpty").max(CONTACT_MESSAGE_MAX, "forms.messageTooLong")),
  website: honeypot,
});

export type SignupInput = z.infer<typeof signupSchema>;
export type ContactInput = z.infer<typeof contactSchema>;
