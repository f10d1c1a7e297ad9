import "server-only";
import { cache } from "react";
import { trustedOrigins } from "@/lib/platform/auth/auth";
import { getCurrentSession, type CurrentSession } from "@/lib/platform/auth/session";
import { db } from "@/lib/core/db";
import { AppError } from "@/lib/core/errors";
import type { ThemePreference } from "@/lib/generated/prisma/enums";
import { assertSameOrigin } from "@/lib/core/http/request";
import { respond } from "@/lib/core/http/route";
import type { Membership } from "@/lib/platform/tenancy/membership";
import { assertCan, forbiddenMessageOf, type Permission } from "@/lib/platform/access/permissions";
import { mustUseTwoFactor, twoFactorRequiredMessage } from "@/lib/platform/access/two-factor-policy";

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
      company: {
        select: { id: true, name: true, slug: true, plan: true, logoKey: true, twoFactorRequired: true },
      },
    },
  }),
);

export interface AdminAccess {
  session: CurrentSession | null;
  /** Whether the signed-in user has a profile (shown in the access-denied debug details). */
  profileFound: boolean;
  themePreference: ThemePreference | null;
  membership: Membership | null;
  /**
   * A member whose company requires two-factor authentication of their role (admins only, or
   * everyone) and who has not turned it on: the admin area is closed to them (an enrol-first
   * page; actions and routes answer forbidden with `twoFactorMessage`).
   */
  twoFactorEnrolmentRequired: boolean;
  /** The message key that says why (set when enrolment is required). */
  twoFactorMessage: string | null;
}

/** Everything the admin shell needs to decide between sign-in, access denied and the shell. */
export const getAdminAccess = cache(async (): Promise<AdminAccess> => {
  const session = await getCurrentSession();
  if (!session) {
    return {
      session: null,
      profileFound: false,
      themePreference: null,
      membership: null,
      twoFactorEnrolmentRequired: false,
      twoFactorMessage: null,
    };
  }
  const profile = await loadProfile(session.user.id);
  const company = profile?.company;
  const membership: Membership | null = company
    ? {
        userId: session.user.id,
        email: session.user.email,
        displayName: profile.displayName,
        role: profile.role,
        company: {
          id: company.id,
          name: company.name,
          slug: company.slug,
          plan: company.plan,
          logoKey: company.logoKey,
        },
      }
    : null;
  const enrolmentRequired =
    Boolean(profile && company && mustUseTwoFactor(company.twoFactorRequired, profile.role)) &&
    !session.user.twoFactorEnabled;
  return {
    session,
    profileFound: profile !== null,
    themePreference: profile?.themePreference ?? null,
    membership,
    twoFactorEnrolmentRequired: enrolmentRequired,
    twoFactorMessage:
      enrolmentRequired && company ? twoFactorRequiredMessage(company.twoFactorRequired) : null,
  };
});

/** The caller's membership (any role), or null when signed out or without a company. */
export async function getMembership(): Promise<Membership | null> {
  return (await getAdminAccess()).membership;
}

/**
 * The caller's membership, or an AppError: "unauthorized" when signed out, "forbidden" (with
 * the permission's message, or `forbiddenMessageKey`) when the role lacks `permission`
 * (default: entering the admin area, which admins and managers do).
 */
export async function requireMembership(
  permission: Permission = "admin.enter",
  forbiddenMessageKey?: string,
): Promise<Membership> {
  const { session, membership, twoFactorMessage } = await getAdminAccess();
  if (!session) throw new AppError("unauthorized", "auth.errors.signInRequired");
  if (!membership) throw new AppError("forbidden", forbiddenMessageKey ?? forbiddenMessageOf(permission));
  if (twoFactorMessage) throw new AppError("forbidden", twoFactorMessage);
  assertCan(membership, permission, forbiddenMessageKey);
  return membership;
}

/**
 * Wraps an admin route handler: checks the origin of writes (server actions get this check
 * from Next; route handlers get it here), resolves the membership with `permission`, and maps
 * whatever is thrown to the one JSON error answer, so route files hold no try/catch.
 */
export function withMembership<P = Record<string, never>>(
  handler: (request: Request, context: { membership: Membership; params: P }) => Promise<Response>,
  options: { permission?: Permission } = {},
): (request: Request, context: { params: Promise<P> }) => Promise<Response> {
  return async (request, context) => {
    let companyId: string | undefined;
    return respond(
      request,
      async () => {
        assertSameOrigin(request, { messageKey: "auth.errors.foreignOrigin", trusted: trustedOrigins() });
        const membership = await requireMembership(options.permission);
        companyId = membership.company.id;
        return handler(request, { membership, params: await context.params });
      },
      () => ({ companyId }),
    );
  };
}
