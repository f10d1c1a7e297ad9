import type { Metadata } from "next";
import { ArrowRight } from "lucide-react";
import Link from "next/link";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { CopyAddress } from "@/components/admin/address/copy-address";
import { SlugEditor } from "@/components/admin/address/slug-editor";
import { PageHeader, RestrictedNotice } from "@/components/admin/page-header";
import { addressPatterns, getCompanyAddresses } from "@/lib/features/company/addresses";
import { requireMembership } from "@/lib/platform/tenancy/guard";
import { can } from "@/lib/platform/access/permissions";
import { CardSection } from "@/components/ui/card";

export async function generateMetadata({
  params,
}: PageProps<"/[locale]/admin/settings/address">): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: "settings.address" });
  return { title: t("title") };
}

/** Settings → Address: the company's public addresses (anyone in settings) and its slug (admins). */
export default async function AddressSettingsPage({ params }: PageProps<"/[locale]/admin/settings/address">) {
  const { locale } = await params;
  setRequestLocale(locale);
  const membership = await requireMembership("settings.view");
  const t = await getTranslations("settings");
  const addresses = await getCompanyAddresses(membership.company.id);
  return (
    <>
      <PageHeader
        title={t("address.title")}
        description={t("address.description")}
        back={{ href: "/admin/settings", label: t("back") }}
      />
      <div className="flex flex-col gap-6">
        <CardSection
          id="addresses-heading"
          title={t("address.addressesHeading")}
          className="flex max-w-3xl flex-col gap-2"
        >
          <div className="divide-y divide-zinc-200 dark:divide-zinc-700">
            <CopyAddress label={t("address.pathAddress")} address={addresses.path} />
            <CopyAddress label={t("address.subdomainAddress")} address={addresses.subdomain} />
          </div>
          <h3 className="mt-2 font-semibold">{t("address.customDomains")}</h3>
          {addresses.customDomains.length > 0 ? (
            <ul className="divide-y divide-zinc-200 dark:divide-zinc-700">
              {addresses.customDomains.map((domain) => (
                <li key={domain.hostname}>
                  <CopyAddress label={t(`address.domainStatus.${domain.status}`)} address={domain.url} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("address.noCustomDomains")}</p>
          )}
          <Link
            href="/admin/settings/domains"
            className="inline-flex w-fit items-center gap-1 text-sm font-medium text-zinc-900 underline underline-offset-4 hover:text-brand-600 dark:text-zinc-100"
          >
            {t("address.manageDomains")}
            <ArrowRight aria-hidden className="size-4" />
          </Link>
        </CardSection>
        <CardSection
          id="slug-heading"
          title={t("address.slugHeading")}
          className="flex max-w-3xl flex-col gap-2"
        >
          {can(membership, "settings.edit") ? (
            <SlugEditor currentSlug={addresses.slug} patterns={addressPatterns()} />
          ) : (
            <RestrictedNotice message={t("onlyAdmins")} />
          )}
        </CardSection>
      </div>
    </>
  );
}
