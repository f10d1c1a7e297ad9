"use server";

import { headers } from "next/headers";
import { localeFromHeaders } from "@/lib/core/i18n/translate";
import type { ActionResult } from "@/lib/core/errors";
import { adminAction, sessionAction } from "@/lib/platform/actions/admin-action";
import { acceptInvitation } from "@/lib/features/team/accept-invitation";
import { inviteMember, revokeInvitation } from "@/lib/features/team/invite-member";
import { changeMemberRole, removeMember } from "@/lib/features/team/manage-members";
import { z } from "zod";
import { formActionArgs, recordId, validatedByLib } from "@/lib/core/validation/common";

const teamPage = {
  permission: "team.manage",
  revalidate: { paths: [["/[locale]/admin/settings/team", "page"]] },
} as const;

/** Settings → team: invites by e-mail (admin only; the lib validates the form). */
export const inviteMemberAction = adminAction(
  { ...teamPage, schema: formActionArgs<ActionResult<{ email: string }> | null>() },
  async ({ membership }, _previous: ActionResult<{ email: string }> | null, formData: FormData) => {
    const invitation = await inviteMember(
      membership,
      { email: formData.get("email"), role: formData.get("role") },
      localeFromHeaders(await headers()),
    );
    return { email: invitation.email };
  },
);

export const revokeInvitationAction = adminAction(
  { ...teamPage, schema: z.tuple([recordId]) },
  async ({ membership }, invitationId: string) => revokeInvitation(membership, invitationId),
);

/**
 * Removes a member (admin only; never the last admin). The member is signed out everywhere;
 * when it was the caller leaving, their own page next finds them signed out.
 */
export const removeMemberAction = adminAction(
  { ...teamPage, schema: z.tuple([recordId]) },
  async ({ membership }, userId: string) => removeMember(membership, userId),
);

/** Gives a member another role (admin only; the last admin keeps theirs). The lib validates the role. */
export const changeMemberRoleAction = adminAction(
  { ...teamPage, schema: z.tuple([recordId, validatedByLib<unknown>()]) },
  async ({ membership }, userId: string, role: unknown) => changeMemberRole(membership, userId, role),
);

/** The invitation page's accept button: joins the company, then opens the dashboard. */
export const acceptInvitationAction = sessionAction(
  { redirectTo: "/admin", schema: z.tuple([z.string().min(1).max(200)]) },
  async (session, token: string) => acceptInvitation(session.user, token),
);
