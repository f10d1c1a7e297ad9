"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { revalidatePath } from "next/cache";
import { getCurrentSession } from "@/lib/auth/session";
import { localeFromHeaders } from "@/lib/auth/translate";
import { toActionError, type ActionResult } from "@/lib/errors";
import { requireMembership } from "@/lib/tenancy/guard";
import { acceptInvitation } from "@/lib/team/accept-invitation";
import { inviteMember, revokeInvitation } from "@/lib/team/invite-member";

const TEAM_PATH = "/[locale]/admin/settings/team";

export async function inviteMemberAction(
  _previous: ActionResult<{ email: string }> | null,
  formData: FormData,
): Promise<ActionResult<{ email: string }>> {
  try {
    const membership = await requireMembership({ roles: ["admin"], forbiddenMessage: "team.onlyAdmins" });
    const invitation = await inviteMember(
      membership,
      { email: formData.get("email"), role: formData.get("role") },
      localeFromHeaders(await headers()),
    );
    revalidatePath(TEAM_PATH, "page");
    return { ok: true, data: { email: invitation.email } };
  } catch (error) {
    return toActionError(error, { action: "inviteMember" });
  }
}

export async function revokeInvitationAction(invitationId: string): Promise<ActionResult> {
  try {
    const membership = await requireMembership({ roles: ["admin"], forbiddenMessage: "team.onlyAdmins" });
    await revokeInvitation(membership, invitationId);
    revalidatePath(TEAM_PATH, "page");
    return { ok: true, data: undefined };
  } catch (error) {
    return toActionError(error, { action: "revokeInvitation" });
  }
}

/** The invitation page's accept button: joins the company, then opens the dashboard. */
export async function acceptInvitationAction(token: string): Promise<ActionResult> {
  const session = await getCurrentSession();
  if (!session)
    return { ok: false, code: "unauthorized", message: "auth.errors.signInRequired", fieldErrors: {} };
  try {
    await acceptInvitation(session.user, token);
  } catch (error) {
    return toActionError(error, { action: "acceptInvitation", userId: session.user.id });
  }
  redirect("/admin");
}
