import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { SettingsPageFrame } from "@/components/admin/settings-page-frame";
import { WebhooksSettings } from "@/components/webhooks/webhooks-settings";
import { getWebhooksPage } from "@/lib/features/webhooks/queries";
import { ApiKeysSettings } from "@/components/api-keys/api-keys-settings";
import { getApiKeysPage } from "@/lib/features/api-keys/queries";

export async function generateMetadata({
  params,
}: PageProps<"/[locale]/admin/settings/integrations">): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: "settings.integrations" });
  return { title: t("title") };
}

/** Settings → Integrations (issue #38; admins): outgoing webhooks (plan feature `webhooks`) and API keys (`api`). */
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
        const [webhooks, apiKeys] = await Promise.all([
          getWebhooksPage(membership.company.id),
          getApiKeysPage(membership.company.id),
        ]);
        return (
          <div className="flex flex-col gap-6">
            <WebhooksSettings allowed={webhooks.allowed} endpoints={webhooks.endpoints} />
            <ApiKeysSettings allowed={apiKeys.allowed} keys={apiKeys.keys} />
          </div>
        );
      }}
    />
  );
}
