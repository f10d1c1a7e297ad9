import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { SettingsPageFrame } from "@/components/admin/settings-page-frame";
import { WatermarkDesignForm } from "@/components/watermarks/watermark-design-form";
import { getWatermarkSettings } from "@/lib/features/watermarks/queries";

export async function generateMetadata({
  params,
}: PageProps<"/[locale]/admin/settings/watermark">): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: "watermarks.section" });
  return { title: t("title") };
}

export default async function WatermarkSettingsPage({
  params,
}: PageProps<"/[locale]/admin/settings/watermark">) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations("watermarks.section");
  return (
    <SettingsPageFrame
      title={t("title")}
      description={t("description")}
      render={async (membership) => (
        <WatermarkDesignForm settings={await getWatermarkSettings(membership.company.id)} />
      )}
    />
  );
}
