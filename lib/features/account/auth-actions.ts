"use server";

import { z } from "zod";
import { afterSignInPath } from "@/lib/platform/tenancy/destination";
import { endOtherSessions } from "@/lib/platform/auth/session-lifecycle";
import { db } from "@/lib/core/db";
import { sessionAction } from "@/lib/platform/actions/admin-action";

/** Where the browser goes right after signing in (see afterSignInPath). */
export async function destinationAfterSignIn(next: string | null): Promise<string> {
  return afterSignInPath(next);
}

/**
 * Stores the signed-in user's theme on the profile. The switcher does not wait for it: a
 * failure is only logged (spec §7), by the wrapper.
 */
export const saveThemePreference = sessionAction(
  { schema: z.tuple([z.enum(["light", "dark", "system"])]) },
  async (session, theme) => {
    await db.profile.updateMany({ where: { userId: session.user.id }, data: { themePreference: theme } });
  },
);

/** Settings → sessions (and the account page): ends every session of this account but this one. */
export const signOutOtherSessionsAction = sessionAction(
  {
    schema: z.tuple([]),
    revalidate: {
      paths: [
        ["/[locale]/admin/settings/sessions", "page"],
        ["/[locale]/account", "page"],
      ],
    },
  },
  async (session) => ({ count: await endOtherSessions(session.user.id, session.session.token) }),
);
