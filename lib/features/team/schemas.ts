import { z } from "zod";
import { email } from "@/lib/core/validation/common";

/** Roles an admin can invite with (spec: "invites by e-mail as manager or admin"). */
export const invitableRoles = ["manager", "admin"] as const;

export const inviteMemberSchema = z.object({
  email,
  role: z.enum(invitableRoles, { error: "team.roleInvalid" }),
});

/** Invitations last 7 days. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
