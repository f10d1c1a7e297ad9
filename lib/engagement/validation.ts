import type { z } from "zod";
import { AppError, fieldErrorsOf } from "@/lib/errors";

/**
 * A 422 whose message is the most useful field message (a player shows one toast), with
 * every field's key beside it.
 */
export function validationError(error: z.ZodError, prefix?: string): AppError {
  const fields = fieldErrorsOf(error);
  const prefixed = prefix
    ? Object.fromEntries(Object.entries(fields).map(([field, key]) => [`${prefix}.${field}`, key]))
    : fields;
  const messages = Object.values(fields);
  const message =
    messages.find((m) => m === "engagement.errors.nameAndEmailRequired") ??
    messages[0] ??
    "validation.invalidForm";
  return new AppError("validation", message, prefixed);
}
