import "server-only";
import { safeNextPath } from "@/lib/platform/auth/redirects";
import { getAdminAccess } from "@/lib/platform/tenancy/guard";

/**
 * Where a signed-in user goes from the auth pages: the requested local page, except that
 * someone without a company creates one first (unless they are accepting an invitation or
 * going to their own account page, which every signed-in user has).
 */
export async function afterSignInPath(next: string | null | undefined): Promise<string> {
  const { session, membership } = await getAdminAccess();
  const target = safeNextPath(next);
  const open = target.startsWith("/invite/") || target === "/account" || target.startsWith("/account?");
  if (session && !membership && !open) return "/onboarding";
  return target;
}
