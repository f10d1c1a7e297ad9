import "server-only";
import { db } from "@/lib/core/db";
import type { AuditAction } from "@/lib/generated/prisma/enums";

export interface AuditRow {
  id: string;
  action: AuditAction;
  tableName: string;
  recordId: string | null;
  userEmail: string | null;
  details: unknown;
  createdAt: Date;
}

/** The company's latest audit rows for /admin/status (newest first). */
export async function listCompanyAudit(companyId: string, limit = 100): Promise<AuditRow[]> {
  const rows = await db.sessionAudit.findMany({
    where: { companyId },
    orderBy: { createdAt: "desc" },
    take: limit,
  });
  const userIds = [...new Set(rows.map((r) => r.userId).filter((id): id is string => Boolean(id)))];
  const users = await db.user.findMany({ where: { id: { in: userIds } }, select: { id: true, email: true } });
  const emailOf = new Map(users.map((u) => [u.id, u.email]));
  return rows.map((r) => ({
    id: r.id,
    action: r.action,
    tableName: r.tableName,
    recordId: r.recordId,
    userEmail: r.userId ? (emailOf.get(r.userId) ?? null) : null,
    details: r.details,
    createdAt: r.createdAt,
  }));
}
