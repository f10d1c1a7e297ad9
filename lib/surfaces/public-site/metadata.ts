import "server-only";
import type { Metadata } from "next";
import { locales, type Locale } from "@/lib/core/i18n/config";
import { tenantLinks, type SiteMode, type TenantLinks } from "@/lib/platform/site/links";
import { versionOf } from "@/lib/platform/media/urls";
import { appOrigin, tenantOrigin } from "@/lib/platform/site/site";

/**
 * Where a tenant page is canonical: on the tenant's own host in subdomain mode; otherwise on
 * the app's host, events under their company (`/{clientSlug}/evento/{slug}`: event slugs are
 * unique per company) and contents under the short global `/player/{id}`, so search engines
 * index one copy.
 */
export function canonical(mode: SiteMode, companySlug: string): { origin: string; links: TenantLinks } {
  return mode === "host"
    ? { origin: tenantOrigin(companySlug), links: tenantLinks("host", companySlug) }
    : { origin: appOrigin(), links: tenantLinks("global", companySlug) };
}

export type OgSubject = { kind: "company" | "event" | "content"; id: string; version: string };

/** `/api/og/{kind}/{id}/{locale}`: one cached JPEG per subject and language; `v` busts caches on change. */
export function ogImagePath(subject: OgSubject, locale: Locale): string {
  return `/api/og/${subject.kind}/${encodeURIComponent(subject.id)}/${locale}?v=${versionOf(subject.version)}`;
}

/** The platform's own pages with a share image of their own (`/api/og/site/{page}/{locale}`). */
export const SITE_OG_PAGES = ["home", "privacy", "terms", "cookies"] as const;
export type SiteOgPage = (typeof SITE_OG_PAGES)[number];

/** The share image of a platform page; `v` changes when its drawing does (see og-site.tsx). */
export function siteOgImagePath(page: SiteOgPage, locale: Locale): string {
  return `/api/og/site/${page}/${locale}?v=${SITE_OG_VERSION}`;
}
export const SITE_OG_VERSION = "2";

/** Open Graph's locale names: Portugal's Portuguese first (the default language), Brazil's reads it. */
export const OG_LOCALE: Record<Locale, string> = { pt: "pt_PT", en: "en_GB", es: "es_ES", fr: "fr_FR" };

/** `og:locale` and `og:locale:alternate` (the page exists in every language at the same URL). */
export function openGraphLocales(locale: Locale): { locale: string; alternateLocale: string[] } {
  return {
    locale: OG_LOCALE[locale],
    alternateLocale: locales.filter((l) => l !== locale).map((l) => OG_LOCALE[l]),
  };
}

/** The share image as `og:image` with its width, height, type and alt (what WhatsApp & co. read). */
export function ogImages(url: string, alt: string) {
  return [{ url, width: 1200, height: 630, type: "image/jpeg", alt }];
}

/** Title, description, canonical URL, Open Graph and Twitter card of a public page (spec §7). */
export function shareMetadata(options: {
  title: string;
  description: string | null;
  url: string;
  image: string;
  imageAlt: string;
  locale: Locale;
  /** The company's name, or "Afterglow" for the platform's pages. */
  siteName: string;
  type?: "website" | "article";
}): Metadata {
  const description = options.description?.replace(/\s+/g, " ").trim().slice(0, 300) || undefined;
  const images = ogImages(options.image, options.imageAlt);
  return {
    title: options.title,
    description,
    alternates: { canonical: options.url },
    // A page's openGraph replaces the layout's whole object: everything it needs is here.
    openGraph: {
      title: options.title,
      description,
      url: options.url,
      siteName: options.siteName,
      type: options.type ?? "website",
      images,
      ...openGraphLocales(options.locale),
    },
    twitter: { card: "summary_large_image", title: options.title, description, images },
  };
}
