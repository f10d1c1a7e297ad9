import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { LandingPageForm } from "@/components/admin/landing-page-form";
import { AdminOnlySettings } from "@/components/admin/admin-only-settings";

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
    <AdminOnlySettings
      section="landingPage"
      translatable
      form={(company, translations) => <LandingPageForm company={company} translations={translations} />}
    />
  );
}
