import "server-only";
import { cache } from "react";
import { trustedOrigins } from "@/lib/auth/auth";
import { getCurrentSession, type CurrentSession } from "@/lib/auth/session";
import { db } from "@/lib/db";
import { AppError, errorResponse } from "@/lib/errors";
import type { Role, ThemePreference } from "@/lib/generated/prisma/enums";
import { adminAreaRoles, type Membership } from "@/lib/tenancy/membership";

/**
 * The one tenancy guard of the admin side: session → profile → company → role, resolved
 * on the server for every page, action and route handler (never from client input, and
 * not only in `proxy.ts`). Every admin query is then scoped by `membership.company.id`.
 */

const loadProfile = cache(async (userId: string) =>
  db.profile.findUnique({
    where: { userId },
    select: {
      displayName: true,
      role: true,
      themePreference: true,
      company: { select: { id: true, name: true, slug: true, plan: true, logoKey: true } },
    },
  }),
);

export interface AdminAccess {
  session: CurrentSession | null;
  /** Whether the signed-in user has a profile (shown in the access-denied debug details). */
  profileFound: boolean;
  themePreference: ThemePreference | null;
  membership: Membership | null;
}

/** Everything the admin shell needs to decide between sign-in, access denied and the shell. */
export const getAdminAccess = cache(async (): Promise<AdminAccess> => {
  const session = await getCurrentSession();
  if (!session) return { session: null, profileFound: false, themePreference: null, membership: null };
  const profile = await loadProfile(session.user.id);
  const membership: Membership | null = profile?.company
    ? {
        userId: session.user.id,
        email: session.user.email,
        displayName: profile.displayName,
        role: profile.role,
        company: profile.company,
      }
    : null;
  return {
    session,
    profileFound: profile !== null,
    themePreference: profile?.themePreference ?? null,
    membership,
  };
});

/** The caller's membership (any role), or null when signed out or without a company. */
export async function getMembership(): Promise<Membership | null> {
  return (await getAdminAccess()).membership;
}

/**
 * The caller's membership, or an AppError: "unauthorized" when signed out, "forbidden"
 * when the role is not allowed (default: admin and manager, who enter the admin area).
 */
export async function requireMembership(
  options: {
    roles?: readonly Role[];
    /** i18n key of the forbidden message. */ forbiddenMessage?: string;
  } = {},
): Promise<Membership> {
  const { session, membership } = await getAdminAccess();
  if (!session) throw new AppError("unauthorized", "auth.errors.signInRequired");
  const roles = options.roles ?? adminAreaRoles;
  if (!membership || !roles.includes(membership.role)) {
    throw new AppError("forbidden", options.forbiddenMessage ?? "admin.accessDenied.message");
  }
  return membership;
}

const unsafeMethods = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Wraps a route handler: resolves the membership first and maps any AppError (or other
 * failure) to the JSON error answer. Cookie-authenticated writes must come from our own
 * origin (server actions get this check from Next; route handlers get it here).
 */
export function withMembership<P = Record<string, never>>(
  handler: (request: Request, context: { membership: Membership; params: P }) => Promise<Response>,
  options?: { roles?: readonly Role[] },
): (request: Request, context: { params: Promise<P> }) => Promise<Response> {
  return async (request, context) => {
    try {
      const origin = request.headers.get("origin");
      if (unsafeMethods.has(request.method) && origin && !trustedOrigins().includes(origin)) {
        throw new AppError("forbidden", "auth.errors.foreignOrigin");
      }
      const membership = await requireMembership(options);
      return await handler(request, { membership, params: await context.params });
    } catch (error) {
      return errorResponse(error, { method: request.method, path: new URL(request.url).pathname });
    }
  };
}
