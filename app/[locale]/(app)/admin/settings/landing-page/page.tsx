import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { LandingPageForm } from "@/components/admin/landing-page-form";
import { PageHeader, RestrictedNotice } from "@/components/admin/page-header";
import { getCompanySettings } from "@/lib/company/queries";
import { requireMembership } from "@/lib/tenancy/guard";

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
  const membership = await requireMembership();
  const t = await getTranslations("settings");
  return (
    <>
      <PageHeader
        title={t("sections.landingPage")}
        description={t("sections.landingPageDescription")}
        back={{ href: "/admin/settings", label: t("back") }}
      />
      {membership.role === "admin" ? (
        <LandingPageForm company={await getCompanySettings(membership.company.id)} />
      ) : (
        <RestrictedNotice message={t("onlyAdmins")} />
      )}
    </>
  );
}
