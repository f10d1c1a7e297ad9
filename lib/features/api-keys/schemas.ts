import { z } from "zod";
import { API_KEY_LIFETIMES, API_SCOPES } from "@/lib/features/api-keys/scopes";

/** Settings → Integrations → API keys: a new key's name, scopes and lifetime. */
export const apiKeyInputSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, "admin.apiKeys.errors.nameRequired")
    .max(60, "admin.apiKeys.errors.nameTooLong"),
  scopes: z
    .array(z.enum(API_SCOPES, { error: "admin.apiKeys.errors.scopesRequired" }))
    .min(1, "admin.apiKeys.errors.scopesRequired")
    .max(API_SCOPES.length)
    .transform((scopes) => [...new Set(scopes)]),
  lifetime: z.enum(API_KEY_LIFETIMES, { error: "admin.apiKeys.errors.lifetime" }),
});
export type ApiKeyInput = z.input<typeof apiKeyInputSchema>;

export const apiKeyIdSchema = z.string().trim().min(1).max(64);
