import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { PageHeader, RestrictedNotice } from "@/components/admin/page-header";
import { LegalTextsForm } from "@/components/brand/legal-texts-form";
import { getLegalTexts } from "@/lib/brand/queries";
import { requireMembership } from "@/lib/tenancy/guard";
import { can } from "@/lib/tenancy/permissions";

export async function generateMetadata({
  params,
}: PageProps<"/[locale]/admin/settings/legal">): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: "settings.branding.legalSection" });
  return { title: t("title") };
}

export default async function LegalSettingsPage({ params }: PageProps<"/[locale]/admin/settings/legal">) {
  const { locale } = await params;
  setRequestLocale(locale);
  const membership = await requireMembership("settings.view");
  const t = await getTranslations("settings");
  return (
    <>
      <PageHeader
        title={t("branding.legalSection.title")}
        description={t("branding.legalSection.description")}
        back={{ href: "/admin/settings", label: t("back") }}
      />
      {can(membership, "settings.edit") ? (
        <LegalTextsForm texts={await getLegalTexts(membership.company.id)} />
      ) : (
        <RestrictedNotice message={t("onlyAdmins")} />
      )}
    </>
  );
}
