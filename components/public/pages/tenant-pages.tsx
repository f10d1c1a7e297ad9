import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { PlayerView } from "@/components/player/player-view";
import { EventView } from "@/components/public/event-view";
import { LandingView } from "@/components/public/landing-view";
import { LegalDocument } from "@/components/public/legal-document";
import { MarkdownView } from "@/components/public/markdown-view";
import { TenantShell } from "@/components/public/tenant-chrome";
import { templateStyle } from "@/lib/brand/templates";
import type { Locale } from "@/lib/i18n/config";
import { formatEventDate } from "@/lib/public/format";
import { legalText } from "@/lib/public/legal";
import { tenantLinks, type SiteMode, type TenantLinks } from "@/lib/public/links";
import { canonical, ogImagePath, openGraphLocales, ogImages, shareMetadata } from "@/lib/public/metadata";
import { getCompanyBySlug, getEventPage, getLanding, getPlayerPage } from "@/lib/public/queries";
import { localizeContent, localizeEvent, pickString } from "@/lib/public/texts";
import type { EventPageData, LandingData, PlayerPageData, PublicCompany } from "@/lib/public/types";
import { isReservedSlug } from "@/lib/tenancy/slug";

/**
 * The tenant pages, rendered the same way under three URL schemes (see `lib/public/links.ts`).
 * The route files under `app/` only read their params and call these.
 */

const noIndex: Metadata = { robots: { index: false, follow: false } };

/**
 * The company's logo as the tab icon of its pages (the public logo route, which redirects to
 * the stored file); without a logo the platform's default stays.
 */
export function tenantIcons(company: Pick<PublicCompany, "logoUrl">): Pick<Metadata, "icons"> {
  return company.logoUrl
    ? { icons: { icon: [{ url: company.logoUrl }], apple: [{ url: company.logoUrl }] } }
    : {};
}

function canonicalUrl(mode: SiteMode, companySlug: string, path: (links: TenantLinks) => string): string {
  const { origin, links } = canonical(mode, companySlug);
  return origin + path(links);
}

// The cached data holds every language's texts; each (locale, page) render picks its own
// (lib/public/texts.ts), so names and titles below are already in the page's language.
function localizeLanding(data: LandingData, locale: Locale): LandingData {
  return {
    ...data,
    events: data.events.map((e) => localizeEvent(e, locale)),
    galleries: data.galleries.map((c) => localizeContent(c, locale)),
    resources: data.resources.map((c) => localizeContent(c, locale)),
  };
}

function localizeEventPage(data: EventPageData, locale: Locale): EventPageData {
  return {
    ...data,
    event: localizeEvent(data.event, locale),
    contents: data.contents.map((c) => localizeContent(c, locale)),
  };
}

function localizePlayerPage(data: PlayerPageData, locale: Locale): PlayerPageData {
  return {
    ...data,
    content: localizeContent(data.content, locale),
    events: data.events.map((e) => localizeEvent(e, locale)),
  };
}

// ───────────────────────────── landing ─────────────────────────────

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
    <TenantShell company={data.company} links={links}>
      <LandingView data={data} locale={locale} links={links} />
    </TenantShell>
  );
}

// ───────────────────────────── event ─────────────────────────────

export async function eventMetadata(
  eventSlug: string,
  locale: Locale,
  mode: SiteMode,
  companySlug: string,
): Promise<Metadata> {
  const loaded = await getEventPage(eventSlug, companySlug);
  if (!loaded) return noIndex;
  const { event, company } = localizeEventPage(loaded, locale);
  const meta = shareMetadata({
    title: `${event.name} · ${company.name}`,
    // Without a text of its own, the date and place: what a friend wants to know first.
    description:
      event.description ??
      [formatEventDate(event.startsAt, event.timeZone, locale), event.location, company.name]
        .filter(Boolean)
        .join(" · "),
    url: canonicalUrl(mode, company.slug, (l) => l.event(event.slug)),
    image: ogImagePath(
      { kind: "event", id: event.id, version: `${company.updatedAt}${event.startsAt}${event.name}` },
      locale,
    ),
    imageAlt: event.name,
    locale,
    siteName: company.name,
    type: "article",
  });
  return { ...meta, ...tenantIcons(company) };
}

export async function EventPage({
  eventSlug,
  locale,
  mode,
  companySlug,
}: {
  eventSlug: string;
  locale: Locale;
  mode: SiteMode;
  companySlug: string;
}) {
  setRequestLocale(locale);
  const loaded = await getEventPage(eventSlug, companySlug);
  if (!loaded) notFound();
  const data = localizeEventPage(loaded, locale);
  const links = tenantLinks(mode, data.company.slug);
  return (
    <TenantShell company={data.company} links={links}>
      <EventView
        event={data.event}
        contents={data.contents}
        locale={locale}
        links={links}
        companyName={data.company.name}
        style={templateStyle(data.company.template)}
        shareUrl={canonicalUrl(mode, data.company.slug, (l) => l.event(data.event.slug))}
      />
    </TenantShell>
  );
}

// ───────────────────────────── player ─────────────────────────────

export async function playerMetadata(
  contentId: string,
  locale: Locale,
  mode: SiteMode,
  companySlug?: string,
): Promise<Metadata> {
  const loaded = await getPlayerPage(contentId, companySlug);
  if (!loaded) return noIndex;
  const { content, company, events } = localizePlayerPage(loaded, locale);
  const meta = shareMetadata({
    title: `${content.title} · ${company.name}`,
    description: content.description ?? [events[0]?.name, company.name].filter(Boolean).join(" · "),
    url: canonicalUrl(mode, company.slug, (l) => l.player(content.id)),
    image: ogImagePath(
      { kind: "content", id: content.id, version: `${company.updatedAt}${content.title}` },
      locale,
    ),
    imageAlt: content.title,
    locale,
    siteName: company.name,
    type: "article",
  });
  return { ...meta, ...tenantIcons(company) };
}

export async function PlayerPage({
  contentId,
  locale,
  mode,
  companySlug,
}: {
  contentId: string;
  locale: Locale;
  mode: SiteMode;
  companySlug?: string;
}) {
  setRequestLocale(locale);
  const loaded = await getPlayerPage(contentId, companySlug);
  if (!loaded) notFound();
  const data = localizePlayerPage(loaded, locale);
  const links = tenantLinks(mode, data.company.slug);
  return (
    <TenantShell company={data.company} links={links}>
      <PlayerView
        content={data.content}
        events={data.events}
        locale={locale}
        links={links}
        url={canonicalUrl(mode, data.company.slug, (l) => l.player(data.content.id))}
        style={templateStyle(data.company.template)}
      />
    </TenantShell>
  );
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
