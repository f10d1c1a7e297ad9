import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { CompanyDataForm } from "@/components/company/company-data-form";
import { CompanySettingsFrame } from "@/components/admin/settings-page-frame";

export async function generateMetadata({
  params,
}: PageProps<"/[locale]/admin/settings/company-data">): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: "settings.sections" });
  return { title: t("companyData") };
}

export default async function CompanyDataPage({
  params,
}: PageProps<"/[locale]/admin/settings/company-data">) {
  const { locale } = await params;
  setRequestLocale(locale);
  return (
    <CompanySettingsFrame
      section="companyData"
      translatable
      form={(company, translations) => <CompanyDataForm company={company} translations={translations} />}
    />
  );
}
