import "server-only";
import { recordAudit } from "@/lib/core/audit/record";
import { db } from "@/lib/core/db";
import { AppError } from "@/lib/core/errors";
import type { Role } from "@/lib/generated/prisma/enums";
import { hashSecretToken } from "@/lib/core/secret-token";

export type InvitationStatus = "valid" | "expired" | "accepted";

export interface InvitationView {
  email: string;
  role: Role;
  companyName: string;
  status: InvitationStatus;
}

/** What the invitation page shows; null for an unknown token. */
export async function findInvitation(token: string, now = new Date()): Promise<InvitationView | null> {
  const invitation = await db.invitation.findUnique({
    where: { tokenHash: hashSecretToken(token) },
    select: {
      email: true,
      role: true,
      acceptedAt: true,
      expiresAt: true,
      company: { select: { name: true } },
    },
  });
  if (!invitation) return null;
  const status: InvitationStatus = invitation.acceptedAt
    ? "accepted"
    : invitation.expiresAt <= now
      ? "expired"
      : "valid";
  return { email: invitation.email, role: invitation.role, companyName: invitation.company.name, status };
}

/**
 * The invited person, signed in with the invited address, joins the company with the
 * invited role. The invitation is spent in the same transaction (a second accept fails).
 */
export async function acceptInvitation(
  user: { id: string; email: string; name: string },
  token: string,
): Promise<{ companyId: string }> {
  const now = new Date();
  const result = await db.$transaction(async (tx) => {
    const invitation = await tx.invitation.findUnique({
      where: { tokenHash: hashSecretToken(token) },
      select: {
        id: true,
        email: true,
        role: true,
        companyId: true,
        acceptedAt: true,
        expiresAt: true,
        invitedById: true,
        company: { select: { name: true } },
      },
    });
    if (!invitation || invitation.acceptedAt) throw new AppError("not_found", "team.invitationInvalid");
    if (invitation.expiresAt <= now) throw new AppError("conflict", "team.invitationExpired");
    if (invitation.email !== user.email.toLowerCase())
      throw new AppError("forbidden", "team.invitationOtherEmail");
    // Only an admin's word lets someone in: an inviter who is no longer one revoked it by leaving.
    if (invitation.invitedById) {
      const inviter = await tx.profile.findFirst({
        where: { userId: invitation.invitedById, companyId: invitation.companyId, role: "admin" },
        select: { userId: true },
      });
      if (!inviter) throw new AppError("not_found", "team.invitationInvalid");
    }

    const profile = await tx.profile.findUnique({ where: { userId: user.id }, select: { companyId: true } });
    if (profile?.companyId && profile.companyId !== invitation.companyId) {
      throw new AppError("conflict", "team.alreadyInOtherCompany");
    }
    const { count } = await tx.invitation.updateMany({
      where: { id: invitation.id, acceptedAt: null },
      data: { acceptedAt: now },
    });
    if (count === 0) throw new AppError("not_found", "team.invitationInvalid");
    await tx.profile.upsert({
      where: { userId: user.id },
      create: {
        userId: user.id,
        displayName: user.name,
        companyId: invitation.companyId,
        companyName: invitation.company.name,
        role: invitation.role,
      },
      update: {
        companyId: invitation.companyId,
        companyName: invitation.company.name,
        role: invitation.role,
      },
    });
    return { companyId: invitation.companyId, invitationId: invitation.id, role: invitation.role };
  });
  await recordAudit({
    action: "admin_privileged_action",
    tableName: "invitation",
    recordId: result.invitationId,
    userId: user.id,
    companyId: result.companyId,
    details: { operation: "invitation_accepted", role: result.role },
  });
  return { companyId: result.companyId };
}
