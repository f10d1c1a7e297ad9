import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { AuthShell } from "@/components/auth/auth-shell";
import { ResetPasswordForm } from "@/components/auth/reset-password-form";
import { firstParam } from "@/lib/platform/auth/search-params";

export async function generateMetadata({
  params,
}: PageProps<"/[locale]/auth/reset-password">): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: "auth.reset" });
  return { title: t("metaTitle"), robots: { index: false }, referrer: "no-referrer" };
}

/** Target of the e-mailed reset link (Better Auth checks the token, then redirects here). */
export default async function ResetPasswordPage({
  params,
  searchParams,
}: PageProps<"/[locale]/auth/reset-password">) {
  const { locale } = await params;
  setRequestLocale(locale);
  const query = await searchParams;
  const token = firstParam(query.token);
  const t = await getTranslations("auth");
  const invalid = !token || Boolean(firstParam(query.error));
  return (
    <AuthShell title={t("reset.title")} description={invalid ? undefined : t("reset.body")}>
      {invalid ? (
        <div role="alert" className="flex flex-col gap-4">
          <p className="text-red-700 dark:text-red-400">{t("reset.invalidLink")}</p>
          <Link href="/auth/forgot-password" className="font-medium text-brand-600 hover:underline">
            {t("reset.requestNew")}
          </Link>
        </div>
      ) : (
        <ResetPasswordForm token={token} />
      )}
    </AuthShell>
  );
}
