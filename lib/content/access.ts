import { AppError } from "@/lib/errors";
import type { Role } from "@/lib/generated/prisma/enums";
import type { Membership } from "@/lib/tenancy/membership";

/** Who may manage content, events and media (spec §6: admin or manager). */
export const MANAGE_ROLES: readonly Role[] = ["admin", "manager"];

/**
 * The domain functions check the role again, whatever the caller did: a route or action that
 * forgot its guard still cannot let a `user` change anything.
 */
export function assertCanManage(membership: Membership): void {
  if (!MANAGE_ROLES.includes(membership.role)) throw new AppError("forbidden", "content.errors.forbidden");
}
