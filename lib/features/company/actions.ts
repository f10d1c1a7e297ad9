"use server";

import { z } from "zod";
import { getCurrentSession } from "@/lib/platform/auth/session";
import { companyDataFields, landingPageFields } from "@/lib/features/company/schemas";
import {
  updateCompanyData,
  updateLandingPage,
  updateSecuritySettings,
} from "@/lib/features/company/update-company";
import { changeCompanySlug } from "@/lib/features/company/change-slug";
import { checkSlugAvailability } from "@/lib/features/company/slug-availability";
import type { ActionResult } from "@/lib/core/errors";
import { revalidatePublicSlugs } from "@/lib/platform/site/cache-tags";
import { adminAction } from "@/lib/platform/actions/admin-action";
import { formActionArgs } from "@/lib/core/validation/common";
import { TWO_FACTOR_REQUIREMENTS } from "@/lib/platform/access/two-factor-policy";

function pick(formData: FormData, fields: readonly string[]): Record<string, string> {
  return Object.fromEntries(fields.map((f) => [f, String(formData.get(f) ?? "")]));
}

/** Settings → company data (admin only; a manager gets "Only administrators can edit…"). */
export const updateCompanyDataAction = adminAction(
  {
    permission: "settings.edit",
    schema: formActionArgs<ActionResult | null>(),
    // The public pages, and the admin shell, which shows the company's name and logo.
    revalidate: { company: true, paths: [["/[locale]/admin", "layout"]] },
  },
  async ({ membership }, _previous: ActionResult | null, formData: FormData) =>
    updateCompanyData(membership, pick(formData, companyDataFields)),
);

export const updateLandingPageAction = adminAction(
  {
    permission: "settings.edit",
    schema: formActionArgs<ActionResult | null>(),
    revalidate: { company: true },
  },
  async ({ membership }, _previous: ActionResult | null, formData: FormData) =>
    updateLandingPage(membership, pick(formData, landingPageFields)),
);

/** Settings → security: require two-factor authentication of nobody, the admins, or everyone. */
export const updateSecuritySettingsAction = adminAction(
  {
    permission: "settings.edit",
    schema: z.tuple([z.object({ twoFactorRequired: z.enum(TWO_FACTOR_REQUIREMENTS) }).strict()]),
    // Every admin's next page load decides again (the admin layout reads the setting).
    revalidate: { paths: [["/[locale]/admin", "layout"]] },
  },
  async ({ membership }, input) =>
    updateSecuritySettings(membership, input, (await getCurrentSession())?.user.twoFactorEnabled === true),
);

/** Settings → Address: whether a slug could be had, as the admin types (rate-limited). */
export const checkCompanySlugAction = adminAction(
  { permission: "settings.edit", schema: z.tuple([z.string().max(100)]) },
  async ({ membership }, slug) => checkSlugAvailability(membership, slug),
);

/** Settings → Address: a new slug; the old one redirects and is held for 90 days. */
export const changeCompanySlugAction = adminAction(
  {
    permission: "settings.edit",
    schema: z.tuple([z.object({ slug: z.string().max(100) }).strict()]),
    // The admin shell and the Address page show the public address.
    revalidate: { company: true, paths: [["/[locale]/admin", "layout"]] },
  },
  async ({ membership }, input) => {
    const changed = await changeCompanySlug(membership, input);
    revalidatePublicSlugs([changed.previousSlug, changed.slug]);
    return changed;
  },
);
