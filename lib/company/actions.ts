"use server";

import { revalidatePath } from "next/cache";
import { companyDataFields, landingPageFields } from "@/lib/company/schemas";
import { updateCompanyData, updateLandingPage } from "@/lib/company/update-company";
import { toActionError, type ActionResult } from "@/lib/errors";
import { revalidatePublic } from "@/lib/public/cache-tags";
import { requireMembership } from "@/lib/tenancy/guard";

function pick(formData: FormData, fields: readonly string[]): Record<string, string> {
  return Object.fromEntries(fields.map((f) => [f, String(formData.get(f) ?? "")]));
}

const onlyAdmins = { roles: ["admin"], forbiddenMessage: "settings.onlyAdmins" } as const;

/** Settings → company data (admin only; a manager gets "Only administrators can edit…"). */
export async function updateCompanyDataAction(
  _previous: ActionResult | null,
  formData: FormData,
): Promise<ActionResult> {
  try {
    const membership = await requireMembership(onlyAdmins);
    await updateCompanyData(membership, pick(formData, companyDataFields));
    revalidatePublic({ companyId: membership.company.id });
    revalidatePath("/[locale]/admin", "layout");
    return { ok: true, data: undefined };
  } catch (error) {
    return toActionError(error, { action: "updateCompanyData" });
  }
}

export async function updateLandingPageAction(
  _previous: ActionResult | null,
  formData: FormData,
): Promise<ActionResult> {
  try {
    const membership = await requireMembership(onlyAdmins);
    await updateLandingPage(membership, pick(formData, landingPageFields));
    revalidatePublic({ companyId: membership.company.id });
    return { ok: true, data: undefined };
  } catch (error) {
    return toActionError(error, { action: "updateLandingPage" });
  }
}
