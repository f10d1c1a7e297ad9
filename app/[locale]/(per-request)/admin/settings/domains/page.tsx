import type { Metadata } from "next";
import { getFormatter, getTranslations, setRequestLocale } from "next-intl/server";
import { SettingsPageFrame } from "@/components/admin/settings-page-frame";
import type { DomainRow } from "@/components/domains/domain-status";
import { DomainsSettings } from "@/components/domains/domains-settings";
import { getDomainsPage } from "@/lib/features/domains/queries";
import type { DomainView } from "@/lib/features/domains/queries";

export async function generateMetadata({
  params,
}: PageProps<"/[locale]/admin/settings/domains">): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: "settings.domains" });
  return { title: t("title") };
}

/** Settings → Domains: the subdomain record and custom domains (admins; the checks run in the background). */
export default async function DomainsPage({ params }: PageProps<"/[locale]/admin/settings/domains">) {
  const { locale } = await params;
  setRequestLocale(locale);
  const [t, format] = await Promise.all([getTranslations("settings.domains"), getFormatter()]);
  const when = (iso: string | null) =>
    iso ? format.dateTime(new Date(iso), { dateStyle: "medium", timeStyle: "short" }) : null;
  const row = (d: DomainView): DomainRow => ({
    ...d,
    lastCheckedLabel: when(d.lastCheckedAt),
    nextCheckLabel: when(d.nextCheckAt),
  });
  return (
    <SettingsPageFrame
      title={t("title")}
      description={t("description")}
      render={async (membership) => {
        const data = await getDomainsPage(membership.company.id);
        return (
          <DomainsSettings
            subdomain={data.subdomain && row(data.subdomain)}
            subdomainHostname={data.subdomainHostname}
            customDomains={data.customDomains.map(row)}
            customDomainsAllowed={data.customDomainsAllowed}
            providerConfigured={data.providerConfigured}
          />
        );
      }}
    />
  );
}
