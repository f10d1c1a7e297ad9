import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { CompanyDataForm } from "@/components/admin/company-data-form";
import { PageHeader, RestrictedNotice } from "@/components/admin/page-header";
import { getCompanySettings } from "@/lib/company/queries";
import { requireMembership } from "@/lib/tenancy/guard";

export async function generateMetadata({
  params,
}: PageProps<"/[locale]/admin/settings/company-data">): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: "settings.sections" });
  return { title: t("companyData") };
}

/** Spec §6: only admin edits company settings; a manager sees why not, and no form. */
export default async function CompanyDataPage({
  params,
}: PageProps<"/[locale]/admin/settings/company-data">) {
  const { locale } = await params;
  setRequestLocale(locale);
  const membership = await requireMembership();
  const t = await getTranslations("settings");
  return (
    <>
      <PageHeader
        title={t("sections.companyData")}
        description={t("sections.companyDataDescription")}
        back={{ href: "/admin/settings", label: t("back") }}
      />
      {membership.role === "admin" ? (
        <CompanyDataForm company={await getCompanySettings(membership.company.id)} />
      ) : (
        <RestrictedNotice message={t("onlyAdmins")} />
      )}
    </>
  );
}
