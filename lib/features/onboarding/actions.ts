"use server";

import type { ActionResult } from "@/lib/core/errors";
import { createCompanyForUser } from "@/lib/features/onboarding/create-company";
import { sessionAction } from "@/lib/platform/actions/admin-action";
import { formActionArgs } from "@/lib/core/validation/common";

/** Onboarding form: creates the company, makes the caller its admin, opens the dashboard. */
export const createCompanyAction = sessionAction(
  { redirectTo: "/admin", schema: formActionArgs<ActionResult | null>() },
  async (session, _previous: ActionResult | null, formData: FormData) => {
    await createCompanyForUser(session.user, { companyName: formData.get("companyName") });
  },
);
