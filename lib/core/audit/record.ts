import "server-only";
import { db } from "@/lib/core/db";
import type { AuditAction } from "@/lib/generated/prisma/enums";
import type { Prisma } from "@/lib/generated/prisma/client";

export type { AuditAction };

export interface AuditEntry {
  action: AuditAction;
  /** The table the action concerns, e.g. "session", "company", "lead". */
  tableName: string;
  recordId?: string | null;
  userId?: string | null;
  companyId?: string | null;
  /** Never secrets: at most the first 8 characters of a session token (spec §3). */
  details?: Prisma.InputJsonValue;
}

/**
 * Writes one audit row (spec §7 `log_sensitive_access`). Never throws: an audit failure
 * must not break the action being audited, so it is only logged.
 */
export async function recordAudit(entry: AuditEntry): Promise<void> {
  try {
    await db.sessionAudit.create({
      data: {
        action: entry.action,
        tableName: entry.tableName,
        recordId: entry.recordId ?? null,
        userId: entry.userId ?? null,
        companyId: entry.companyId ?? null,
        details: entry.details,
      },
    });
  } catch (error) {
    console.error("[afterglow] audit write failed", {
      action: entry.action,
      tableName: entry.tableName,
      error,
    });
  }
}

/** Who acted: a member of a company (`Membership` of lib/platform/tenancy has both). */
export interface AuditMember {
  userId: string;
  company: { id: string };
}

/** What a member did, and to which row: unless told, an admin's change of the company's settings. */
export interface MemberAuditEntry {
  /** `admin_privileged_action` unless told. */
  action?: AuditAction;
  /** The row acted on (its id, when there is one); the member's company itself unless told. */
  record?: { table: string; id?: string | null };
  details?: Prisma.InputJsonValue;
}

/**
 * The audit row of what a member did in their company: the member and the company always
 * come from the membership, never from the caller's other arguments. Never throws (as
 * `recordAudit`).
 */
export function recordMemberAudit(member: AuditMember, entry: MemberAuditEntry): Promise<void> {
  const companyId = member.company.id;
  return recordAudit({
    action: entry.action ?? "admin_privileged_action",
    tableName: entry.record?.table ?? "company",
    recordId: entry.record ? (entry.record.id ?? null) : companyId,
    userId: member.userId,
    companyId,
    details: entry.details,
  });
}

/** The shortened session token the audit keeps (spec §3: first 8 characters). */
export function shortToken(token: string): string {
  return token.slice(0, 8);
}
