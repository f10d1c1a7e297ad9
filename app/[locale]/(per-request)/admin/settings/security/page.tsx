import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { AdminOnlySettings } from "@/components/admin/admin-only-settings";
import { SecuritySettingsForm } from "@/components/admin/security-settings-form";

export async function generateMetadata({
  params,
}: PageProps<"/[locale]/admin/settings/security">): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: "settings.sections" });
  return { title: t("security") };
}

export default async function SecuritySettingsPage({
  params,
}: PageProps<"/[locale]/admin/settings/security">) {
  const { locale } = await params;
  setRequestLocale(locale);
  return (
    <AdminOnlySettings
      section="security"
      form={(company) => <SecuritySettingsForm requireAdminTwoFactor={company.requireAdminTwoFactor} />}
    />
  );
}
