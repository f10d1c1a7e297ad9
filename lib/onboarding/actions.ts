"use server";

import type { ActionResult } from "@/lib/errors";
import { createCompanyForUser } from "@/lib/onboarding/create-company";
import { sessionAction } from "@/lib/tenancy/admin-action";

/** Onboarding form: creates the company, makes the caller its admin, opens the dashboard. */
export const createCompanyAction = sessionAction(
  { redirectTo: "/admin" },
  async (session, _previous: ActionResult | null, formData: FormData) => {
    await createCompanyForUser(session.user, { companyName: formData.get("companyName") });
  },
);
