import { z } from "zod";
import { email } from "@/lib/core/validation/common";
import type { Role } from "@/lib/generated/prisma/enums";

/** Roles an admin can invite with (spec: "invites by e-mail as manager or admin"). */
export const invitableRoles = ["manager", "admin"] as const;

export const inviteMemberSchema = z.object({
  email,
  role: z.enum(invitableRoles, { error: "team.roleInvalid" }),
});

/**
 * Every role a member may be given from Settings → Team; a "user" stays in the company without
 * the admin area. Written out (not Prisma's runtime enum) so the client form imports no generated
 * code; the check below fails to compile when a role is added to the schema and not here.
 */
export const memberRoles = ["admin", "manager", "user"] as const satisfies readonly Role[];
type MissingRole = Exclude<Role, (typeof memberRoles)[number]>;
const everyRoleListed: [MissingRole] extends [never] ? true : never = true;
void everyRoleListed;

export const memberRoleSchema = z.enum(memberRoles, { error: "team.roleInvalid" });

/** Invitations last 7 days. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
