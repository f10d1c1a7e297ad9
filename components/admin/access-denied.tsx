import { ShieldAlert } from "lucide-react";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { AccessDeniedActions } from "@/components/admin/access-denied-actions";
import { RecoveryActions } from "@/components/admin/recovery-actions";
import type { Role } from "@/lib/generated/prisma/enums";

/**
 * Spec §6: a signed-in user without a profile, or whose role may not enter, sees this
 * instead of the admin area, with ways out (sign out, switch account) and the debug details
 * behind a disclosure. The details name the account, never internal ids (issue #18).
 */
export async function AccessDenied({
  email,
  profileFound,
  role,
  companyName,
}: {
  email: string;
  profileFound: boolean;
  role: Role | null;
  companyName: string | null;
}) {
  const [t, ta, tr] = await Promise.all([
    getTranslations("admin.accessDenied"),
    getTranslations("account"),
    getTranslations("team.roles"),
  ]);
  return (
    <main id="main" className="mx-auto flex min-h-dvh max-w-xl flex-col justify-center gap-6 px-6 py-12">
      <div className="flex items-center gap-3 text-red-600 dark:text-red-400">
        <ShieldAlert aria-hidden className="size-8" />
        <h1 className="text-2xl font-semibold text-zinc-900 dark:text-zinc-100">{t("title")}</h1>
      </div>
      <div role="alert" className="space-y-2">
        <p className="text-lg">{t("message")}</p>
        {!profileFound && <p className="text-zinc-600 dark:text-zinc-400">{t("noProfile")}</p>}
        {role && companyName && (
          <p className="text-zinc-600 dark:text-zinc-400" data-testid="access-denied-role">
            {t("roleMessage", { email, company: companyName, role: tr(role) })}
          </p>
        )}
      </div>
      <AccessDeniedActions />
      {/* No company yet (no profile, or a profile whose company is gone): they may create one. */}
      {role === null && (
        <Link href="/onboarding" className="font-medium text-brand-700 hover:underline dark:text-brand-400">
          {t("createCompany")}
        </Link>
      )}
      <Link href="/account" className="font-medium text-brand-700 hover:underline dark:text-brand-400">
        {ta("navLink")}
      </Link>
      <details className="rounded-lg border border-zinc-200 p-4 text-sm dark:border-zinc-800">
        <summary className="cursor-pointer font-medium">{t("debugTitle")}</summary>
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="text-zinc-600 dark:text-zinc-400">{t("email")}</dt>
          <dd className="break-all">{email}</dd>
          <dt className="text-zinc-600 dark:text-zinc-400">{t("profileFound")}</dt>
          <dd>{profileFound ? t("yes") : t("no")}</dd>
          {companyName && (
            <>
              <dt className="text-zinc-600 dark:text-zinc-400">{t("company")}</dt>
              <dd>{companyName}</dd>
            </>
          )}
          {role && (
            <>
              <dt className="text-zinc-600 dark:text-zinc-400">{t("role")}</dt>
              <dd>{tr(role)}</dd>
            </>
          )}
        </dl>
      </details>
      <RecoveryActions />
    </main>
  );
}
