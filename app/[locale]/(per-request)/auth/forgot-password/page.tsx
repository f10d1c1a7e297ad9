import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { AuthShell } from "@/components/auth/auth-shell";
import { ForgotPasswordForm } from "@/components/auth/forgot-password-form";

export async function generateMetadata({
  params,
}: PageProps<"/[locale]/auth/forgot-password">): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: "auth.forgot" });
  return { title: t("metaTitle"), robots: { index: false } };
}

export default async function ForgotPasswordPage({ params }: PageProps<"/[locale]/auth/forgot-password">) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations("auth");
  return (
    <AuthShell title={t("forgot.title")} description={t("forgot.body")}>
      <ForgotPasswordForm />
      <p className="mt-6 text-center text-sm">
        <Link href="/auth" className="text-brand-600 hover:underline">
          {t("actions.backToSignIn")}
        </Link>
      </p>
    </AuthShell>
  );
}
