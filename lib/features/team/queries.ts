import "server-only";
import { db } from "@/lib/core/db";
import type { Role } from "@/lib/generated/prisma/enums";

export interface TeamMember {
  userId: string;
  displayName: string;
  email: string;
  role: Role;
}

export interface PendingInvitation {
  id: string;
  email: string;
  role: Role;
  expiresAt: Date;
  expired: boolean;
}

export async function listTeam(
  companyId: string,
  now = new Date(),
): Promise<{ members: TeamMember[]; invitations: PendingInvitation[] }> {
  const [profiles, invitations] = await Promise.all([
    db.profile.findMany({
      where: { companyId },
      orderBy: { createdAt: "asc" },
      select: { userId: true, displayName: true, role: true, user: { select: { email: true } } },
    }),
    db.invitation.findMany({
      where: { companyId, acceptedAt: null },
      orderBy: { createdAt: "desc" },
      select: { id: true, email: true, role: true, expiresAt: true },
    }),
  ]);
  return {
    members: profiles.map((p) => ({
      userId: p.userId,
      displayName: p.displayName,
      email: p.user.email,
      role: p.role,
    })),
    invitations: invitations.map((i) => ({ ...i, expired: i.expiresAt <= now })),
  };
}
