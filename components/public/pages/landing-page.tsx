import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { noIndex, tenantIcons } from "@/components/public/pages/tenant-pages";
import { LandingView } from "@/components/public/landing-view";
import { PageMessages } from "@/components/i18n/page-messages";
import { TenantShell } from "@/components/public/tenant-shell";
import type { Locale } from "@/lib/core/i18n/config";
import { tenantLinks, type SiteMode } from "@/lib/platform/site/links";
import { canonical, ogImagePath, shareMetadata } from "@/lib/surfaces/public-site/metadata";
import { getLanding } from "@/lib/surfaces/public-site/queries";
import { pickString } from "@/lib/surfaces/public-site/texts";
import { isReservedSlug } from "@/lib/platform/site/slug";
import { localizeLanding } from "@/components/public/pages/tenant-pages";

export async function landingMetadata(slug: string, locale: Locale, mode: SiteMode): Promise<Metadata> {
  const data = isReservedSlug(slug) ? null : await getLanding(slug);
  if (!data) return noIndex;
  const { company } = data;
  const { origin, links } = canonical(mode, company.slug);
  const t = await getTranslations({ locale, namespace: "ogShare" });
  const meta = shareMetadata({
    title: pickString(company.landingName, locale) ?? company.name,
    description:
      pickString(company.landingDescription, locale) ??
      pickString(company.description, locale) ??
      t("landingFallback", { company: company.name }),
    url: origin + (links.home === "/" ? "" : links.home),
    image: ogImagePath({ kind: "company", id: company.id, version: company.updatedAt }, locale),
    imageAlt: company.name,
    locale,
    siteName: company.name,
  });
  return { ...meta, ...tenantIcons(company) };
}

export async function LandingPage({ slug, locale, mode }: { slug: string; locale: Locale; mode: SiteMode }) {
  setRequestLocale(locale);
  const loaded = isReservedSlug(slug) ? null : await getLanding(slug);
  if (!loaded) notFound();
  const data = localizeLanding(loaded, locale);
  const links = tenantLinks(mode, data.company.slug);
  return (
    <PageMessages page="landing">
      <TenantShell company={data.company} links={links}>
        <LandingView data={data} locale={locale} links={links} />
      </TenantShell>
    </PageMessages>
  );
}
