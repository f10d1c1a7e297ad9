"use server";

import { z } from "zod";
import { validatedByLib } from "@/lib/core/validation/common";
import { createApiKey, revokeApiKey } from "@/lib/features/api-keys/keys";
import { adminAction } from "@/lib/platform/actions/admin-action";

/** Settings → Integrations → API keys (admins). The page re-reads the keys after each action. */
const revalidate = { paths: [["/[locale]/admin/settings/integrations", "page"]] } as const;

export const createApiKeyAction = adminAction(
  {
    permission: "settings.edit",
    schema: z.tuple([validatedByLib<{ name: string; scopes: string[]; lifetime: string }>()]),
    revalidate,
  },
  async ({ membership }, input) => createApiKey(membership, input),
);

export const revokeApiKeyAction = adminAction(
  { permission: "settings.edit", schema: z.tuple([z.string().min(1).max(64)]), revalidate },
  async ({ membership }, keyId) => revokeApiKey(membership, keyId),
);
