import "server-only";
import { recordMemberAudit } from "@/lib/core/audit/record";
import { db } from "@/lib/core/db";
import { appUrl } from "@/lib/core/env";
import { AppError, parseOrThrow } from "@/lib/core/errors";
import type { Locale } from "@/lib/core/i18n/config";
import type { Membership } from "@/lib/platform/tenancy/membership";
import { assertCan } from "@/lib/platform/access/permissions";
import { sendInvitationEmail } from "@/lib/features/team/invitation-email";
import { enforceInvitationLimits } from "@/lib/features/team/invitation-limits";
import { INVITATION_TTL_MS, inviteMemberSchema } from "@/lib/features/team/schemas";
import { newSecretToken } from "@/lib/core/secret-token";

/**
 * An admin invites someone by e-mail as manager or admin. Only the token's hash is
 * stored; a new invitation to the same address replaces the pending one. Each e-mail sent
 * counts against the invitation limits (invitation-limits.ts), checked once the invitation is
 * known to be a valid one.
 */
export async function inviteMember(
  membership: Membership,
  input: unknown,
  locale: Locale,
): Promise<{ id: string; email: string }> {
  assertCan(membership, "team.manage");
  const { email, role } = parseOrThrow(inviteMemberSchema, input);
  const companyId = membership.company.id;

  const existing = await db.user.findUnique({
    where: { email },
    select: { profile: { select: { companyId: true } } },
  });
  if (existing?.profile?.companyId === companyId) {
    throw new AppError("conflict", "team.alreadyMember", { fieldErrors: { email: "team.alreadyMember" } });
  }
  await enforceInvitationLimits(membership, email);

  const { token, tokenHash } = newSecretToken();
  const invitation = await db.$transaction(async (tx) => {
    await tx.invitation.deleteMany({ where: { companyId, email, acceptedAt: null } });
    return tx.invitation.create({
      data: {
        companyId,
        email,
        role,
        tokenHash,
        invitedById: membership.userId,
        expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
      },
      select: { id: true, email: true },
    });
  });

  await sendInvitationEmail({
    to: email,
    url: `${appUrl}/invite/${token}`,
    companyId,
    companyName: membership.company.name,
    inviterName: membership.displayName,
    role,
    locale,
  });
  await recordMemberAudit(membership, {
    record: { table: "invitation", id: invitation.id },
    details: { operation: "member_invited", role },
  });
  return invitation;
}

export async function revokeInvitation(membership: Membership, invitationId: string): Promise<void> {
  assertCan(membership, "team.manage");
  // Scoped by company in the where clause: another tenant's id deletes nothing.
  const { count } = await db.invitation.deleteMany({
    where: { id: invitationId, companyId: membership.company.id, acceptedAt: null },
  });
  if (count === 0) throw new AppError("not_found", "team.invitationInvalid");
  await recordMemberAudit(membership, {
    record: { table: "invitation", id: invitationId },
    details: { operation: "invitation_revoked" },
  });
}
