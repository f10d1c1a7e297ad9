import type { Metadata } from "next";
import { getFormatter, getTranslations, setRequestLocale } from "next-intl/server";
import { PageHeader, RestrictedNotice } from "@/components/admin/page-header";
import type { DomainRow } from "@/components/domains/domain-status";
import { DomainsSettings } from "@/components/domains/domains-settings";
import { getDomainsPage } from "@/lib/domains/queries";
import type { DomainView } from "@/lib/domains/queries";
import { requireMembership } from "@/lib/tenancy/guard";
import { can } from "@/lib/tenancy/permissions";

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
  const membership = await requireMembership("settings.view");
  const [t, ts, format] = await Promise.all([
    getTranslations("settings.domains"),
    getTranslations("settings"),
    getFormatter(),
  ]);
  const header = (
    <PageHeader
      title={t("title")}
      description={t("description")}
      back={{ href: "/admin/settings", label: ts("back") }}
    />
  );
  if (!can(membership, "settings.edit")) {
    return (
      <>
        {header}
        <RestrictedNotice message={ts("onlyAdmins")} />
      </>
    );
  }
  const data = await getDomainsPage(membership.company.id);
  const when = (iso: string | null) =>
    iso ? format.dateTime(new Date(iso), { dateStyle: "medium", timeStyle: "short" }) : null;
  const row = (d: DomainView): DomainRow => ({
    ...d,
    lastCheckedLabel: when(d.lastCheckedAt),
    nextCheckLabel: when(d.nextCheckAt),
  });
  return (
    <>
      {header}
      <DomainsSettings
        subdomain={data.subdomain && row(data.subdomain)}
        subdomainHostname={data.subdomainHostname}
        customDomains={data.customDomains.map(row)}
        customDomainsAllowed={data.customDomainsAllowed}
        providerConfigured={data.providerConfigured}
      />
    </>
  );
}
