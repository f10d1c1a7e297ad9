import "server-only";
import { headers } from "next/headers";
import { cache } from "react";
import { getAuth } from "@/lib/platform/auth/auth";

export interface CurrentSession {
  user: { id: string; email: string; name: string; emailVerified: boolean; twoFactorEnabled: boolean };
  session: { id: string; token: string; expiresAt: Date };
}

/**
 * The signed-in user of this request, or null. Goes through Better Auth (and so through the
 * idle-timeout hook); memoised per request, so a layout and its page share one lookup.
 */
export const getCurrentSession = cache(async (): Promise<CurrentSession | null> => {
  // Errors propagate: a database failure shows the error state, never a fake "signed out".
  const result = await getAuth().api.getSession({ headers: await headers() });
  if (!result) return null;
  const { user, session } = result;
  return {
    user: {
      id: user.id,
      email: user.email,
      name: user.name,
      emailVerified: user.emailVerified,
      twoFactorEnabled: user.twoFactorEnabled === true,
    },
    session: { id: session.id, token: session.token, expiresAt: session.expiresAt },
  };
});
