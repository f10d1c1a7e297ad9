"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { afterSignInPath } from "@/lib/auth/destination";
import { getCurrentSession } from "@/lib/auth/session";
import { endOtherSessions } from "@/lib/auth/session-lifecycle";
import { db } from "@/lib/db";
import { toActionError, type ActionResult } from "@/lib/errors";

/** Where the browser goes right after signing in (see afterSignInPath). */
export async function destinationAfterSignIn(next: string | null): Promise<string> {
  return afterSignInPath(next);
}

const themeSchema = z.enum(["light", "dark", "system"]);

/** Stores the signed-in user's theme on the profile. Failures are only logged (spec §7). */
export async function saveThemePreference(theme: string): Promise<void> {
  try {
    const session = await getCurrentSession();
    const parsed = themeSchema.safeParse(theme);
    if (!session || !parsed.success) return;
    await db.profile.updateMany({
      where: { userId: session.user.id },
      data: { themePreference: parsed.data },
    });
  } catch (error) {
    console.error("[afterglow] theme preference not saved", error);
  }
}

/** Settings → sessions: ends every session of this account except the current one. */
export async function signOutOtherSessionsAction(): Promise<ActionResult<{ count: number }>> {
  try {
    const session = await getCurrentSession();
    if (!session)
      return { ok: false, code: "unauthorized", message: "auth.errors.signInRequired", fieldErrors: {} };
    const count = await endOtherSessions(session.user.id, session.session.token);
    revalidatePath("/[locale]/admin/settings/sessions", "page");
    return { ok: true, data: { count } };
  } catch (error) {
    return toActionError(error, { action: "signOutOtherSessions" });
  }
}
