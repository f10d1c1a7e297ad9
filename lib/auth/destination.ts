import "server-only";
import { safeNextPath } from "@/lib/auth/redirects";
import { getAdminAccess } from "@/lib/tenancy/guard";

/**
 * Where a signed-in user goes from the auth pages: the requested local page, except that
 * someone without a company creates one first (unless they are accepting an invitation).
 */
export async function afterSignInPath(next: string | null | undefined): Promise<string> {
  const { session, membership } = await getAdminAccess();
  const target = safeNextPath(next);
  if (session && !membership && !target.startsWith("/invite/")) return "/onboarding";
  return target;
}
