import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { PageHeader, RestrictedNotice } from "@/components/admin/page-header";
import { BrandingForm } from "@/components/brand/branding-form";
import { getBrandingSettings } from "@/lib/brand/queries";
import { requireMembership } from "@/lib/tenancy/guard";
import { can } from "@/lib/tenancy/permissions";

export async function generateMetadata({
  params,
}: PageProps<"/[locale]/admin/settings/branding">): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: "settings.branding.section" });
  return { title: t("title") };
}

export default async function BrandingSettingsPage({
  params,
}: PageProps<"/[locale]/admin/settings/branding">) {
  const { locale } = await params;
  setRequestLocale(locale);
  const membership = await requireMembership("settings.view");
  const t = await getTranslations("settings");
  return (
    <>
      <PageHeader
        title={t("branding.section.title")}
        description={t("branding.section.description")}
        back={{ href: "/admin/settings", label: t("back") }}
      />
      {can(membership, "settings.edit") ? (
        <BrandingForm settings={await getBrandingSettings(membership.company.id)} />
      ) : (
        <RestrictedNotice message={t("onlyAdmins")} />
      )}
    </>
  );
}
