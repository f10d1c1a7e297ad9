import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { setRequestLocale } from "next-intl/server";
import {
  canonicalUrl,
  localizeEventPage,
  noIndex,
  tenantIcons,
} from "@/components/public/pages/tenant-pages";
import { EventView } from "@/components/public/event-view";
import { PageMessages } from "@/components/i18n/page-messages";
import { TenantShell } from "@/components/public/tenant-shell";
import { templateStyle } from "@/lib/features/brand/templates";
import type { Locale } from "@/lib/core/i18n/config";
import { formatEventDate } from "@/lib/surfaces/public-site/format";
import { tenantLinks, type SiteMode } from "@/lib/platform/site/links";
import { ogImagePath, shareMetadata } from "@/lib/surfaces/public-site/metadata";
import { getEventPage } from "@/lib/surfaces/public-site/queries";
import type { EventPageData } from "@/lib/surfaces/public-site/types";
import { ClosedGallery, closedPageMetadata } from "@/components/public/pages/closed-gallery";

export async function eventMetadata(
  eventSlug: string,
  locale: Locale,
  mode: SiteMode,
  companySlug: string,
): Promise<Metadata> {
  const loaded = await getEventPage(eventSlug, companySlug);
  if (!loaded) return noIndex;
  // A password event's preview shows nothing of it (issue #36): the company only, never indexed.
  if (loaded.state === "locked") {
    const url = canonicalUrl(mode, loaded.company.slug, (l) => l.event(eventSlug.toLowerCase()));
    return closedPageMetadata(loaded.company, "eventLockedTitle", url, locale);
  }
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
  // Unlisted (issue #36): reachable by its link, never offered to search engines.
  return { ...meta, ...tenantIcons(company), ...(event.unlisted ? { robots: { index: false } } : {}) };
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
  return <EventPageView loaded={loaded} locale={locale} mode={mode} />;
}

/** The page for what the loader found: the event, or a password event's form (issue #36). */
export function EventPageView({
  loaded,
  locale,
  mode,
}: {
  loaded: EventPageData;
  locale: Locale;
  mode: SiteMode;
}) {
  if (loaded.state === "locked") {
    return <ClosedGallery data={loaded} links={tenantLinks(mode, loaded.company.slug)} />;
  }
  const data = localizeEventPage(loaded, locale);
  const links = tenantLinks(mode, data.company.slug);
  return (
    <PageMessages page="event">
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
    </PageMessages>
  );
}
