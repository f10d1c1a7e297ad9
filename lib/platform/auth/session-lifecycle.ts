import "server-only";
import { recordAudit, shortToken } from "@/lib/core/audit/record";
import {
  ACTIVITY_WRITE_INTERVAL_MS,
  maxConcurrentSessions,
  type SessionEndReason,
} from "@/lib/platform/auth/policy";
import { forgetEmailChanges } from "@/lib/platform/auth/email-change";
import { db } from "@/lib/core/db";

/**
 * Server-side session rules on top of Better Auth's database sessions: the idle timeout
 * (a closed tab cannot keep a session alive), the concurrent-session limit and the
 * session audit trail (spec §4, §7, §9).
 */

interface SessionRef {
  id: string;
  token: string;
  userId: string;
}

async function profileOf(userId: string) {
  return db.profile.findUnique({ where: { userId }, select: { role: true, companyId: true } });
}

export async function auditSessionEnded(
  session: SessionRef,
  reason: SessionEndReason,
  extra: Record<string, string | number> = {},
): Promise<void> {
  const profile = await profileOf(session.userId).catch(() => null);
  await recordAudit({
    action: "session_ended",
    tableName: "session",
    recordId: session.id,
    userId: session.userId,
    companyId: profile?.companyId,
    details: { sessionToken: shortToken(session.token), cleanupReason: reason, ...extra },
  });
}

/**
 * Refuses a session idle for longer than `idleMinutes`: the row is deleted (so every
 * later lookup fails) and the end is audited. An active session's `lastActiveAt` is
 * moved forward at most once a minute. Returns whether the session may be used.
 */
export async function enforceIdleTimeout(
  token: string,
  idleMinutes: number,
  now = new Date(),
): Promise<boolean> {
  const session = await db.session.findUnique({
    where: { token },
    select: { id: true, token: true, userId: true, lastActiveAt: true },
  });
  if (!session) return false;
  const idleMs = now.getTime() - session.lastActiveAt.getTime();
  if (idleMs > idleMinutes * 60_000) {
    // deleteMany: a concurrent request may have removed it already; only one audits it.
    const { count } = await db.session.deleteMany({ where: { id: session.id } });
    if (count > 0) await auditSessionEnded(session, "inactivity", { timeoutMinutes: idleMinutes });
    return false;
  }
  if (idleMs >= ACTIVITY_WRITE_INTERVAL_MS) {
    const threshold = new Date(now.getTime() - ACTIVITY_WRITE_INTERVAL_MS);
    await db.session.updateMany({
      where: { id: session.id, lastActiveAt: { lte: threshold } },
      data: { lastActiveAt: now },
    });
  }
  return true;
}

/**
 * Runs after a session is created: audits the start, then ends the oldest sessions of the
 * account beyond its concurrent limit (2 for admin/manager, 3 otherwise).
 */
export async function onSessionStarted(session: SessionRef, idleMinutes: number): Promise<void> {
  const profile = await profileOf(session.userId);
  const maxConcurrent = maxConcurrentSessions(profile?.role);
  await recordAudit({
    action: "session_started",
    tableName: "session",
    recordId: session.id,
    userId: session.userId,
    companyId: profile?.companyId,
    details: { sessionToken: shortToken(session.token), timeoutMinutes: idleMinutes, maxConcurrent },
  });

  const now = new Date();
  const sessions = await db.session.findMany({
    where: { userId: session.userId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { id: true, token: true, userId: true, expiresAt: true },
  });
  const live = sessions.filter((s) => s.expiresAt > now);
  // The new session is the newest; never end it even if clocks tie.
  const keep = new Set([
    session.id,
    ...live
      .filter((s) => s.id !== session.id)
      .slice(0, maxConcurrent - 1)
      .map((s) => s.id),
  ]);
  const ended = live.filter((s) => !keep.has(s.id));
  const expired = sessions.filter((s) => s.expiresAt <= now);
  if (ended.length === 0 && expired.length === 0) return;
  await db.session.deleteMany({ where: { id: { in: [...ended, ...expired].map((s) => s.id) } } });
  for (const s of ended) await auditSessionEnded(s, "limit", { maxConcurrent });
}

/**
 * Ends every other session of the user ("sign out other sessions"); returns how many. A pending
 * change of address goes too: signing the others out is the owner's answer to a session that
 * was not theirs.
 */
export async function endOtherSessions(userId: string, currentToken: string): Promise<number> {
  await forgetEmailChanges(userId);
  const others = await db.session.findMany({
    where: { userId, token: { not: currentToken } },
    select: { id: true, token: true, userId: true },
  });
  if (others.length === 0) return 0;
  await db.session.deleteMany({ where: { id: { in: others.map((s) => s.id) } } });
  for (const s of others) await auditSessionEnded(s, "revoked");
  return others.length;
}

/**
 * Ends every session of the user at once (a member removed from their company): the rows go, so
 * the next request with any of their cookies finds no session. Each end is audited under
 * `companyId` (the company they were removed from: their profile no longer names it). Returns how
 * many ended.
 */
export async function endAllSessions(
  userId: string,
  reason: SessionEndReason,
  companyId: string | null,
): Promise<number> {
  const sessions = await db.session.findMany({ where: { userId }, select: { id: true, token: true } });
  if (sessions.length === 0) return 0;
  // Every row of the user, also one a sign-in racing the removal created after the read (that
  // one goes unaudited; the guard would refuse it anyway: no membership).
  await db.session.deleteMany({ where: { userId } });
  for (const s of sessions) {
    await recordAudit({
      action: "session_ended",
      tableName: "session",
      recordId: s.id,
      userId,
      companyId,
      details: { sessionToken: shortToken(s.token), cleanupReason: reason },
    });
  }
  return sessions.length;
}

export interface SessionSummary {
  id: string;
  current: boolean;
  createdAt: Date;
  lastActiveAt: Date;
  ipAddress: string | null;
  userAgent: string | null;
}

/** The user's live sessions, newest first (the token never leaves the server). */
export async function listUserSessions(userId: string, currentToken: string): Promise<SessionSummary[]> {
  const rows = await db.session.findMany({
    where: { userId, expiresAt: { gt: new Date() } },
    orderBy: { createdAt: "desc" },
    select: { id: true, token: true, createdAt: true, lastActiveAt: true, ipAddress: true, userAgent: true },
  });
  return rows.map(({ token, ...row }) => ({ ...row, current: token === currentToken }));
}
