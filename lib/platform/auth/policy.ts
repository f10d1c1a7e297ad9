import type { Role } from "@/lib/generated/prisma/enums";
import { can } from "@/lib/platform/access/permissions";

/** Session rules of spec §4 and §9, in one place for the server, the client and the tests. */

/** Concurrent sessions per account (spec §9: default 3; those who enter the admin area get 2). */
export const MAX_SESSIONS_DEFAULT = 3;
export const MAX_SESSIONS_ADMIN_AREA = 2;

export function maxConcurrentSessions(role: Role | null | undefined): number {
  return can(role, "admin.enter") ? MAX_SESSIONS_ADMIN_AREA : MAX_SESSIONS_DEFAULT;
}

/** The client warns this long before the idle sign-out (spec §4: at 25 of 30 minutes). */
export const IDLE_WARNING_BEFORE_MS = 5 * 60_000;
/** Duration of the warning toast (spec §9: 10 s). */
export const IDLE_WARNING_TOAST_MS = 10_000;
/** `session.lastActiveAt` is written at most this often, so reads do not each cost a write. */
export const ACTIVITY_WRITE_INTERVAL_MS = 60_000;

/** Why a session ended; stored in the audit details as `cleanupReason`. */
export type SessionEndReason =
  "sign-out" | "inactivity" | "limit" | "password-reset" | "password-change" | "revoked" | "expired";

/** Sent by the client's idle sign-out so the audit says "inactivity" and not "sign-out". */
export const SIGN_OUT_REASON_HEADER = "x-afterglow-sign-out-reason";

/** The sign-in code step's answers (lib/platform/auth/sign-in-challenge.ts): a code is needed; it was wrong or expired. */
export const LOGIN_CODE_REQUIRED = "LOGIN_CODE_REQUIRED";
export const LOGIN_CODE_INVALID = "LOGIN_CODE_INVALID";
