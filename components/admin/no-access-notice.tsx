import { getTranslations } from "next-intl/server";
import { AccessDeniedActions } from "@/components/admin/access-denied-actions";

/**
 * What `/auth` and `/onboarding` show someone signed in with an account that may not enter
 * the admin area, instead of bouncing them back to "Access denied" (issue #18).
 */
export async function NoAccessNotice({ email }: { email: string }) {
  const t = await getTranslations("admin.accessDenied");
  return (
    <div className="space-y-4" data-testid="no-access-notice">
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("signedInAs", { email })}</p>
      <p role="status">{t("noAccessHere")}</p>
      <AccessDeniedActions />
    </div>
  );
}
