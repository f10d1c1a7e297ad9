"use server";

import { redirect } from "next/navigation";
import { getCurrentSession } from "@/lib/auth/session";
import { toActionError, type ActionResult } from "@/lib/errors";
import { createCompanyForUser } from "@/lib/onboarding/create-company";

/** Onboarding form: creates the company, makes the caller its admin, opens the dashboard. */
export async function createCompanyAction(
  _previous: ActionResult | null,
  formData: FormData,
): Promise<ActionResult> {
  const session = await getCurrentSession();
  if (!session)
    return { ok: false, code: "unauthorized", message: "auth.errors.signInRequired", fieldErrors: {} };
  try {
    await createCompanyForUser(session.user, { companyName: formData.get("companyName") });
  } catch (error) {
    return toActionError(error, { userId: session.user.id, action: "createCompany" });
  }
  redirect("/admin");
}
