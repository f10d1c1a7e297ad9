import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { SettingsPageFrame } from "@/components/admin/settings-page-frame";
import { LegalTextsForm } from "@/components/brand/legal-texts-form";
import { getLegalTexts } from "@/lib/features/brand/queries";

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
  const t = await getTranslations("settings");
  return (
    <SettingsPageFrame
      title={t("branding.legalSection.title")}
      description={t("branding.legalSection.description")}
      render={async (membership) => <LegalTextsForm texts={await getLegalTexts(membership.company.id)} />}
    />
  );
}
