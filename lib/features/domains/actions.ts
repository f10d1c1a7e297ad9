"use server";

import { z } from "zod";
import {
  addCustomDomain,
  createSubdomain,
  removeCustomDomain,
  retryDomainCheck,
} from "@/lib/features/domains/manage-domains";
import { adminAction } from "@/lib/platform/actions/admin-action";
import { validatedByLib } from "@/lib/core/validation/common";

/** Settings → Domains (admins). The page re-reads the rows after each action. */
const revalidate = { paths: [["/[locale]/admin/settings/domains", "page"]] } as const;
const id = z.string().min(1).max(64);

export const createSubdomainAction = adminAction(
  { permission: "settings.edit", schema: z.tuple([]), revalidate },
  async ({ membership }) => createSubdomain(membership),
);

export const addCustomDomainAction = adminAction(
  // The hostname is validated by lib (its rules need the app's own host).
  { permission: "settings.edit", schema: z.tuple([validatedByLib<{ hostname: string }>()]), revalidate },
  async ({ membership }, input) => addCustomDomain(membership, input),
);

export const removeCustomDomainAction = adminAction(
  { permission: "settings.edit", schema: z.tuple([id]), revalidate },
  async ({ membership }, domainId) => removeCustomDomain(membership, domainId),
);

export const retryDomainCheckAction = adminAction(
  { permission: "settings.edit", schema: z.tuple([id]), revalidate },
  async ({ membership }, domainId) => retryDomainCheck(membership, domainId),
);
