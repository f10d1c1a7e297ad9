"use server";

import { z } from "zod";
import { brandingFields, legalTextsFields } from "@/lib/features/brand/schemas";
import { removeLogo, updateBranding, updateLegalTexts } from "@/lib/features/brand/update-branding";
import type { ActionResult } from "@/lib/core/errors";
import { adminAction } from "@/lib/platform/actions/admin-action";
import { formActionArgs } from "@/lib/core/validation/common";

/** The admin shell shows the logo and, with `customBranding`, the brand colour. */
const ADMIN_SHELL = [["/[locale]/admin", "layout"]] as const;

/** A field the form did not send stays undefined (kept), unlike "" (cleared). */
function pick(formData: FormData, fields: readonly string[]): Record<string, string | undefined> {
  return Object.fromEntries(
    fields.map((f) => {
      const value = formData.get(f);
      return [f, typeof value === "string" ? value : undefined];
    }),
  );
}

/** Settings → Branding: logo, colours, light/dark behaviour, template. */
export const updateBrandingAction = adminAction(
  {
    permission: "settings.edit",
    schema: formActionArgs<ActionResult | null>(),
    revalidate: { company: true, paths: ADMIN_SHELL },
  },
  async ({ membership }, _previous: ActionResult | null, formData: FormData) =>
    updateBranding(membership, pick(formData, brandingFields)),
);

/** Settings → Branding → remove the logo (confirmed in a dialog). */
export const removeLogoAction = adminAction(
  {
    permission: "settings.edit",
    schema: z.tuple([]),
    revalidate: { company: true, paths: ADMIN_SHELL },
  },
  async ({ membership }) => removeLogo(membership),
);

/** Settings → Legal texts: the company's terms and privacy texts (its /termos and /privacidade). */
export const updateLegalTextsAction = adminAction(
  {
    permission: "settings.edit",
    schema: formActionArgs<ActionResult | null>(),
    revalidate: { company: true },
  },
  async ({ membership }, _previous: ActionResult | null, formData: FormData) =>
    updateLegalTexts(
      membership,
      Object.fromEntries(legalTextsFields.map((f) => [f, String(formData.get(f) ?? "")])),
    ),
);
