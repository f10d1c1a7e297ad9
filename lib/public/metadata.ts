import "server-only";
import type { Metadata } from "next";
import type { Locale } from "@/lib/i18n/config";
import { tenantLinks, type SiteMode, type TenantLinks } from "@/lib/public/links";
import { versionOf } from "@/lib/public/mappers";
import { appOrigin, tenantOrigin } from "@/lib/public/site";

/**
 * Where a tenant page is canonical: on the tenant's own host in subdomain mode; otherwise on
 * the app's host under the short global URLs (`/event/{slug}`, `/player/{id}`), which the
 * path-mode pages (`/{clientSlug}/evento/{slug}`) point to as well, so search engines index
 * one copy.
 */
export function canonical(mode: SiteMode, companySlug: string): { origin: string; links: TenantLinks } {
  return mode === "host"
    ? { origin: tenantOrigin(companySlug), links: tenantLinks("host", companySlug) }
    : { origin: appOrigin(), links: tenantLinks("global", companySlug) };
}

export type OgSubject = { kind: "company" | "event" | "content"; id: string; version: string };

/** `/api/og/{kind}/{id}/{locale}`: one cached PNG per subject and language; `v` busts caches on change. */
export function ogImagePath(subject: OgSubject, locale: Locale): string {
  return `/api/og/${subject.kind}/${encodeURIComponent(subject.id)}/${locale}?v=${versionOf(subject.version)}`;
}

/** Title, description, canonical URL, Open Graph and Twitter card of a public page (spec §7). */
export function shareMetadata(options: {
  title: string;
  description: string | null;
  url: string;
  image: string;
  imageAlt: string;
  type?: "website" | "article";
}): Metadata {
  const description = options.description?.slice(0, 300) ?? undefined;
  const images = [{ url: options.image, width: 1200, height: 630, alt: options.imageAlt }];
  return {
    title: options.title,
    description,
    alternates: { canonical: options.url },
    openGraph: {
      title: options.title,
      description,
      url: options.url,
      type: options.type ?? "website",
      images,
    },
    twitter: { card: "summary_large_image", title: options.title, description, images: [options.image] },
  };
}
