import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { SettingsPageFrame } from "@/components/admin/settings-page-frame";
import { LanguagesSettings } from "@/components/translation/languages-settings";
import { getCompanySettings } from "@/lib/features/company/queries";
import { resolveLocale } from "@/lib/core/i18n/config";
import { activeEngine } from "@/lib/features/translation/engines/select";

export async function generateMetadata({
  params,
}: PageProps<"/[locale]/admin/settings/languages">): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: "settings.languages" });
  return { title: t("title") };
}

/** Settings → Languages (admins only): source language, the active engine, translate everything. */
export default async function LanguagesSettingsPage({
  params,
}: PageProps<"/[locale]/admin/settings/languages">) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations("settings");
  return (
    <SettingsPageFrame
      title={t("languages.title")}
      description={t("languages.description")}
      render={async (membership) => (
        <LanguagesSettings
          sourceLocale={resolveLocale((await getCompanySettings(membership.company.id)).sourceLocale)}
          engine={(await activeEngine())?.name ?? "none"}
        />
      )}
    />
  );
}
