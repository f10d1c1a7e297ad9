import "server-only";
import { db } from "@/lib/core/db";
import type { AuditFilters } from "@/lib/core/audit/schemas";
import { AUDIT_PAGE_SIZE } from "@/lib/core/audit/schemas";
import { keysetSlice, NEWEST_FIRST, type KeysetLinks } from "@/lib/core/pagination/keyset";
import type { Prisma } from "@/lib/generated/prisma/client";
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

const DAY_MS = 24 * 60 * 60 * 1000;
const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`);

/**
 * The company's audit rows the filters select. The company comes first and is never optional;
 * dates are UTC days, `to` included (createdAt < the day after it).
 */
export function buildAuditWhere(companyId: string, filters: AuditFilters): Prisma.SessionAuditWhereInput {
  const and: Prisma.SessionAuditWhereInput[] = [{ companyId }];
  if (filters.action) and.push({ action: filters.action });
  if (filters.from || filters.to) {
    const createdAt: Prisma.DateTimeFilter = {};
    if (filters.from) createdAt.gte = dayStart(filters.from);
    if (filters.to) createdAt.lt = new Date(dayStart(filters.to).getTime() + DAY_MS);
    and.push({ createdAt });
  }
  return { AND: and };
}

/**
 * One page of the company's audit log for /admin/status, newest first, by keyset (the
 * `[companyId, createdAt]` index serves it): rows written while an admin pages never make a
 * row repeat or vanish between pages.
 */
export async function listCompanyAudit(
  companyId: string,
  filters: AuditFilters,
  limit = AUDIT_PAGE_SIZE,
): Promise<KeysetLinks & { rows: AuditRow[] }> {
  const { rows, ...links } = await keysetSlice({
    order: NEWEST_FIRST,
    where: buildAuditWhere(companyId, filters),
    request: filters,
    limit,
    find: (page) => db.sessionAudit.findMany(page),
  });
  const userIds = [...new Set(rows.map((r) => r.userId).filter((id): id is string => Boolean(id)))];
  const users = userIds.length
    ? await db.user.findMany({ where: { id: { in: userIds } }, select: { id: true, email: true } })
    : [];
  const emailOf = new Map(users.map((u) => [u.id, u.email]));
  return {
    ...links,
    rows: rows.map((r) => ({
      id: r.id,
      action: r.action,
      tableName: r.tableName,
      recordId: r.recordId,
      userEmail: r.userId ? (emailOf.get(r.userId) ?? null) : null,
      details: r.details,
      createdAt: r.createdAt,
    })),
  };
}

/** Whether the company has any audit row (an empty filtered page says "no match", not "nothing yet"). */
export async function companyHasAudit(companyId: string): Promise<boolean> {
  return (await db.sessionAudit.findFirst({ where: { companyId }, select: { id: true } })) !== null;
}
