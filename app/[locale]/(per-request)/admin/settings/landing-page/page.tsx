import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { LandingPageForm } from "@/components/company/landing-page-form";
import { CompanySettingsFrame } from "@/components/admin/settings-page-frame";

export async function generateMetadata({
  params,
}: PageProps<"/[locale]/admin/settings/landing-page">): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: "settings.sections" });
  return { title: t("landingPage") };
}

export default async function LandingPageSettingsPage({
  params,
}: PageProps<"/[locale]/admin/settings/landing-page">) {
  const { locale } = await params;
  setRequestLocale(locale);
  return (
    <CompanySettingsFrame
      section="landingPage"
      translatable
      form={(company, translations) => <LandingPageForm company={company} translations={translations} />}
    />
  );
}
