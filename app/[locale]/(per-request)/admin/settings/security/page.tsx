import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { CompanySettingsFrame } from "@/components/admin/settings-page-frame";
import { SecuritySettingsForm } from "@/components/company/security-settings-form";

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
    <CompanySettingsFrame
      section="security"
      form={(company) => <SecuritySettingsForm twoFactorRequired={company.twoFactorRequired} />}
    />
  );
}
