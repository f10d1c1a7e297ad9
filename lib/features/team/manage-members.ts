import "server-only";
import { recordMemberAudit } from "@/lib/core/audit/record";
import { db } from "@/lib/core/db";
import { AppError, parseOrThrow } from "@/lib/core/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Role } from "@/lib/generated/prisma/enums";
import { assertCan } from "@/lib/platform/access/permissions";
import { endAllSessions } from "@/lib/platform/auth/session-lifecycle";
import type { Membership } from "@/lib/platform/tenancy/membership";
import { memberRoleSchema } from "@/lib/features/team/schemas";

/**
 * An admin removes a member from the company or gives them another role (Settings → Team).
 *
 * The company always keeps an administrator. Whether one would remain is decided in the
 * database, in the change's own transaction, after locking the company's admin rows (in one
 * order, so two changes queue instead of deadlocking): two admins demoting each other at the
 * same moment are served one after the other, and the second finds that its caller is no longer
 * an admin, or that its target is now the last one. A check before the transaction would let
 * both pass and leave the company with none.
 *
 * Oneself: an admin may step down or leave the company like any other admin (the confirmation
 * says they lose access at once), but never as the last administrator — the same rule, so no
 * company is ever left without one, by accident or on purpose. Managers and users cannot change
 * the team at all, themselves included (`team.manage`).
 *
 * A removed member keeps their account, no longer names the company, and is signed out
 * everywhere at once: their sessions are deleted, and the guard reads the membership on every
 * request anyway (lib/platform/tenancy/guard.ts), so even a request already under way when the
 * change committed is refused from its next lookup on.
 */

interface LockedTarget {
  role: Role;
  /** Admins of the company as the lock found them, the target included when it is one. */
  admins: number;
}

/** Locks the company's admin rows, then the target's; refuses a caller no longer an admin, or a target not a member. */
async function lockForChange(
  tx: Prisma.TransactionClient,
  membership: Membership,
  userId: string,
): Promise<LockedTarget> {
  const companyId = membership.company.id;
  // Rows that stopped being admin while this waited are skipped by the re-check of FOR UPDATE;
  // so the count is never more than the admins there are once the lock is held.
  const admins = await tx.$queryRaw<{ userId: string }[]>`
    select "userId" from profile
    where "companyId" = ${companyId} and role = 'admin'
    order by id
    for update`;
  // The membership was read before the lock: a concurrent change may have demoted the caller.
  if (!admins.some((a) => a.userId === membership.userId)) throw new AppError("forbidden", "team.onlyAdmins");
  const [target] = await tx.$queryRaw<{ role: Role }[]>`
    select role::text as role from profile
    where "userId" = ${userId} and "companyId" = ${companyId}
    for update`;
  if (!target) throw new AppError("not_found", "team.memberNotFound");
  return { role: target.role, admins: admins.length };
}

/**
 * What a member made with their admin rights goes with them: the invitations nobody accepted yet
 * (otherwise a removed or demoted admin could let themselves back in through one sent to another
 * address) and their API keys (issue #38: revoked, so a key does not come back to life if its maker
 * is made admin again or rejoins).
 */
async function revokeAdminGrants(tx: Prisma.TransactionClient, companyId: string, userId: string) {
  await tx.invitation.deleteMany({ where: { companyId, invitedById: userId, acceptedAt: null } });
  await tx.apiKey.updateMany({
    where: { companyId, createdById: userId, revokedAt: null },
    data: { revokedAt: new Date() },
  });
}

function assertAnAdminRemains(target: LockedTarget, newRole: Role | null): void {
  if (target.role === "admin" && newRole !== "admin" && target.admins <= 1) {
    throw new AppError("conflict", "team.lastAdmin");
  }
}

/** Removes `userId` from the caller's company and ends all their sessions. */
export async function removeMember(membership: Membership, userId: string): Promise<{ self: boolean }> {
  assertCan(membership, "team.manage");
  const companyId = membership.company.id;
  const role = await db.$transaction(async (tx) => {
    const target = await lockForChange(tx, membership, userId);
    assertAnAdminRemains(target, null);
    // Scoped by company again: the row was locked as this company's member.
    await tx.profile.updateMany({
      where: { userId, companyId },
      data: { companyId: null, companyName: null, role: "user" },
    });
    await revokeAdminGrants(tx, companyId, userId);
    return target.role;
  });
  const sessionsEnded = await endAllSessions(userId, "revoked", companyId);
  await recordMemberAudit(membership, {
    record: { table: "profile", id: userId },
    details: { operation: "member_removed", role, sessionsEnded, self: userId === membership.userId },
  });
  return { self: userId === membership.userId };
}

/** Gives `userId`, a member of the caller's company, the role `input`; unchanged when it is theirs already. */
export async function changeMemberRole(
  membership: Membership,
  userId: string,
  input: unknown,
): Promise<{ role: Role; changed: boolean }> {
  assertCan(membership, "team.manage");
  const role = parseOrThrow(memberRoleSchema, input);
  const companyId = membership.company.id;
  const from = await db.$transaction(async (tx) => {
    const target = await lockForChange(tx, membership, userId);
    if (target.role === role) return null;
    assertAnAdminRemains(target, role);
    await tx.profile.updateMany({ where: { userId, companyId }, data: { role } });
    if (target.role === "admin") await revokeAdminGrants(tx, companyId, userId);
    return target.role;
  });
  if (from === null) return { role, changed: false };
  await recordMemberAudit(membership, {
    record: { table: "profile", id: userId },
    details: { operation: "member_role_changed", from, to: role, self: userId === membership.userId },
  });
  return { role, changed: true };
}
