import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { SettingsPageFrame } from "@/components/admin/settings-page-frame";
import { LanguagesSettings } from "@/components/translation/languages-settings";
import { TranslationMeter } from "@/components/translation/translation-meter";
import { getCompanySettings } from "@/lib/features/company/queries";
import { resolveLocale } from "@/lib/core/i18n/config";
import { activeEngine } from "@/lib/features/translation/engines/select";
import { getTranslationMeter } from "@/lib/features/translation/metering";

export async function generateMetadata({
  params,
}: PageProps<"/[locale]/admin/settings/languages">): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: "settings.languages" });
  return { title: t("title") };
}

/**
 * Settings → Languages (admins only): this month's translation meter, source language, the
 * active engine, translate everything.
 */
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
        <div className="flex flex-col gap-6">
          <TranslationMeter meter={await getTranslationMeter(membership.company.id)} />
          <LanguagesSettings
            sourceLocale={resolveLocale((await getCompanySettings(membership.company.id)).sourceLocale)}
            engine={(await activeEngine())?.name ?? "none"}
          />
        </div>
      )}
    />
  );
}
