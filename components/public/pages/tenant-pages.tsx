import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { setRequestLocale } from "next-intl/server";
import { LegalDocument } from "@/components/public/legal-document";
import { MarkdownView } from "@/components/public/markdown-view";
import { TenantShell } from "@/components/public/tenant-shell";
import { templateStyle } from "@/lib/features/brand/templates";
import type { Locale } from "@/lib/core/i18n/config";
import { legalText } from "@/lib/surfaces/public-site/legal";
import { tenantLinks, type SiteMode, type TenantLinks } from "@/lib/platform/site/links";
import { canonical, ogImagePath, openGraphLocales, ogImages } from "@/lib/surfaces/public-site/metadata";
import { getCompanyBySlug } from "@/lib/surfaces/public-site/queries";
import { localizeContent, localizeEvent } from "@/lib/surfaces/public-site/texts";
import type {
  OpenEventPage,
  LandingData,
  OpenPlayerPage,
  PublicCompany,
} from "@/lib/surfaces/public-site/types";
import { isReservedSlug } from "@/lib/platform/site/slug";

/**
 * The tenant pages, rendered the same way under three URL schemes (see `lib/platform/site/links.ts`).
 * The route files under `app/` only read their params and call these. The landing, event and
 * player pages live in their own modules (landing-page.tsx, event-page.tsx, player-page.tsx):
 * a route's browser bundle holds every client component its server modules import, so one
 * module for all three sent the player's and the lightbox's code with every landing.
 */

export const noIndex: Metadata = { robots: { index: false, follow: false } };

/**
 * The company's logo as the tab icon of its pages (the public logo route, which redirects to
 * the stored file); without a logo the platform's default stays.
 */
export function tenantIcons(company: Pick<PublicCompany, "logoUrl">): Pick<Metadata, "icons"> {
  return company.logoUrl
    ? { icons: { icon: [{ url: company.logoUrl }], apple: [{ url: company.logoUrl }] } }
    : {};
}

export function canonicalUrl(
  mode: SiteMode,
  companySlug: string,
  path: (links: TenantLinks) => string,
): string {
  const { origin, links } = canonical(mode, companySlug);
  return origin + path(links);
}

// The cached data holds every language's texts; each (locale, page) render picks its own
// (lib/surfaces/public-site/texts.ts), so names and titles below are already in the page's language.
export function localizeLanding(data: LandingData, locale: Locale): LandingData {
  return {
    ...data,
    events: data.events.map((e) => localizeEvent(e, locale)),
    galleries: data.galleries.map((c) => localizeContent(c, locale)),
    resources: data.resources.map((c) => localizeContent(c, locale)),
  };
}

export function localizeEventPage(data: OpenEventPage, locale: Locale): OpenEventPage {
  return {
    ...data,
    event: localizeEvent(data.event, locale),
    contents: data.contents.map((c) => localizeContent(c, locale)),
  };
}

export function localizePlayerPage(data: OpenPlayerPage, locale: Locale): OpenPlayerPage {
  return {
    ...data,
    content: localizeContent(data.content, locale),
    events: data.events.map((e) => localizeEvent(e, locale)),
  };
}

// ───────────────────────────── legal ─────────────────────────────

/** `/{slug}/termos` and `/{slug}/privacidade`: the company's own text, else the platform's naming it. */
export async function tenantLegalMetadata(
  slug: string,
  kind: "terms" | "privacy",
  locale: Locale,
  mode: SiteMode,
): Promise<Metadata> {
  const company = isReservedSlug(slug) ? null : await getCompanyBySlug(slug);
  if (!company) return noIndex;
  const doc = await legalText(kind, locale, company.name);
  const title = `${doc.title} · ${company.name}`;
  const url = canonicalUrl(mode, company.slug, (l) => (kind === "terms" ? l.terms : l.privacy));
  // The company's share image: a legal page shared is still the company's page.
  const image = ogImagePath({ kind: "company", id: company.id, version: company.updatedAt }, locale);
  return {
    title,
    description: doc.lead,
    alternates: { canonical: url },
    openGraph: {
      title,
      description: doc.lead,
      url,
      siteName: company.name,
      type: "website",
      images: ogImages(image, company.name),
      ...openGraphLocales(locale),
    },
    twitter: {
      card: "summary_large_image",
      title,
      description: doc.lead,
      images: ogImages(image, company.name),
    },
    ...tenantIcons(company),
  };
}

export async function TenantLegalPage({
  slug,
  kind,
  locale,
  mode,
}: {
  slug: string;
  kind: "terms" | "privacy";
  locale: Locale;
  mode: SiteMode;
}) {
  setRequestLocale(locale);
  const company = isReservedSlug(slug) ? null : await getCompanyBySlug(slug);
  if (!company) notFound();
  const links = tenantLinks(mode, company.slug);
  const own = kind === "terms" ? company.termsText : company.privacyText;
  const doc = await legalText(kind, locale, company.name);
  return (
    <TenantShell company={company} links={links}>
      {own ? (
        <article className="mx-auto max-w-3xl px-6 py-12 sm:py-16">
          <h1 className={templateStyle(company.template).title}>{doc.title}</h1>
          <MarkdownView source={own} className="mt-8" />
        </article>
      ) : (
        <LegalDocument title={doc.title} lead={doc.lead} sections={doc.sections} />
      )}
    </TenantShell>
  );
}
