/**
 * TEMPORARY — issue #5's stand-in for the tenancy guard of issue #3. At merge, take #3's
 * `lib/tenancy/guard.ts` and drop this file: the exported names and signatures below are
 * the agreed contract, and issue #5's pages, actions and route handlers use only them.
 *
 * This minimal version resolves the Better Auth session cookie to its database session,
 * then the profile and company; it does not verify the cookie's signature, idle timeouts
 * or anything else #3's guard does.
 */
import "server-only";
import { cookies } from "next/headers";
import { db } from "@/lib/db";
import { AppError, errorResponse } from "@/lib/errors";
import type { Role } from "@/lib/generated/prisma/enums";
import { adminAreaRoles, type Membership } from "@/lib/tenancy/membership";

const SESSION_COOKIES = ["__Secure-better-auth.session_token", "better-auth.session_token"];

export async function getMembership(): Promise<Membership | null> {
  const jar = await cookies();
  const raw = SESSION_COOKIES.map((name) => jar.get(name)?.value).find(Boolean);
  if (!raw) return null;
  const token = decodeURIComponent(raw).split(".")[0] ?? "";
  const session = await db.session.findUnique({
    where: { token },
    select: {
      expiresAt: true,
      user: {
        select: {
          id: true,
          email: true,
          profile: {
            select: {
              displayName: true,
              role: true,
              company: { select: { id: true, name: true, slug: true, plan: true, logoKey: true } },
            },
          },
        },
      },
    },
  });
  if (!session || session.expiresAt < new Date()) return null;
  const profile = session.user.profile;
  if (!profile?.company) return null;
  return {
    userId: session.user.id,
    email: session.user.email,
    displayName: profile.displayName,
    role: profile.role,
    company: profile.company,
  };
}

export async function requireMembership(options: { roles?: readonly Role[] } = {}): Promise<Membership> {
  const membership = await getMembership();
  if (!membership) throw new AppError("unauthorized", "errors.unauthorized");
  if (!(options.roles ?? adminAreaRoles).includes(membership.role)) {
    throw new AppError("forbidden", "errors.forbidden");
  }
  return membership;
}

type RouteContext<P> = { params: Promise<P> };

export function withMembership<P = Record<string, string>>(
  handler: (request: Request, context: { membership: Membership; params: P }) => Promise<Response>,
  options: { roles?: readonly Role[] } = {},
): (request: Request, context: RouteContext<P>) => Promise<Response> {
  return async (request, context) => {
    try {
      const membership = await requireMembership(options);
      return await handler(request, { membership, params: await context.params });
    } catch (error) {
      return errorResponse(error, { path: new URL(request.url).pathname });
    }
  };
}
