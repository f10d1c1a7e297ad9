import { z } from "zod";
import { CONTACT_MESSAGE_MAX, CONTACT_NAME_MAX, EMAIL_MAX } from "@/lib/marketing/limits";
import { email } from "@/lib/validation/common";

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

export const contactSchema = z.object({
  name: z
    .string({ error: "validation.inputEmpty" })
    .trim()
    .min(1, "validation.inputEmpty")
    .max(CONTACT_NAME_MAX, "forms.nameTooLong"),
  email: emailField,
  message: z
    .string({ error: "validation.inputEmpty" })
    .trim()
    .min(1, "validation.inputEmpty")
    .max(CONTACT_MESSAGE_MAX, "forms.messageTooLong"),
  website: honeypot,
});

export type SignupInput = z.infer<typeof signupSchema>;
export type ContactInput = z.infer<typeof contactSchema>;
