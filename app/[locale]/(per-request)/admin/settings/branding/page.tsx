import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { SettingsPageFrame } from "@/components/admin/settings-page-frame";
import { BrandingForm } from "@/components/brand/branding-form";
import { getBrandingSettings } from "@/lib/features/brand/queries";

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
  const t = await getTranslations("settings");
  return (
    <SettingsPageFrame
      title={t("branding.section.title")}
      description={t("branding.section.description")}
      render={async (membership) => (
        <BrandingForm settings={await getBrandingSettings(membership.company.id)} />
      )}
    />
  );
}
