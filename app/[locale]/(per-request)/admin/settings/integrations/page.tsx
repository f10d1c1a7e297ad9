import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { SettingsPageFrame } from "@/components/admin/settings-page-frame";
import { WebhooksSettings } from "@/components/webhooks/webhooks-settings";
import { getWebhooksPage } from "@/lib/features/webhooks/queries";

export async function generateMetadata({
  params,
}: PageProps<"/[locale]/admin/settings/integrations">): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: "settings.integrations" });
  return { title: t("title") };
}

/** Settings → Integrations: outgoing webhooks (issue #38; admins, plan feature `webhooks`). */
export default async function IntegrationsPage({
  params,
}: PageProps<"/[locale]/admin/settings/integrations">) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations("settings.integrations");
  return (
    <SettingsPageFrame
      title={t("title")}
      description={t("description")}
      render={async (membership) => {
        const data = await getWebhooksPage(membership.company.id);
        return <WebhooksSettings allowed={data.allowed} endpoints={data.endpoints} />;
      }}
    />
  );
}
