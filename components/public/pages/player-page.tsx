import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { setRequestLocale } from "next-intl/server";
import { ClosedGallery, closedPageMetadata } from "@/components/public/pages/closed-gallery";
import { PlayerView } from "@/components/player/player-view";
import {
  canonicalUrl,
  localizePlayerPage,
  noIndex,
  tenantIcons,
} from "@/components/public/pages/tenant-pages";
import { PageMessages } from "@/components/i18n/page-messages";
import { TenantShell } from "@/components/public/tenant-shell";
import { templateStyle } from "@/lib/features/brand/templates";
import type { Locale } from "@/lib/core/i18n/config";
import { tenantLinks, type SiteMode } from "@/lib/platform/site/links";
import { ogImagePath, shareMetadata } from "@/lib/surfaces/public-site/metadata";
import { getPlayerPage } from "@/lib/surfaces/public-site/queries";
import type { ClosedPlayerPage, PlayerPageData } from "@/lib/surfaces/public-site/types";

export async function playerMetadata(
  contentId: string,
  locale: Locale,
  mode: SiteMode,
  companySlug?: string,
): Promise<Metadata> {
  const loaded = await getPlayerPage(contentId, companySlug);
  if (!loaded) return noIndex;
  if (loaded.state !== "ok") return closedGalleryMetadata(loaded, locale, mode);
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
  // Unlisted (issue #36): reachable by its link, never offered to search engines.
  return { ...meta, ...tenantIcons(company), ...(content.unlisted ? { robots: { index: false } } : {}) };
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
  return <PlayerPageView loaded={loaded} locale={locale} mode={mode} />;
}

const closedGalleryMetadata = (data: ClosedPlayerPage, locale: Locale, mode: SiteMode) =>
  closedPageMetadata(
    data.company,
    data.state === "locked" ? "lockedTitle" : "expiredTitle",
    canonicalUrl(mode, data.company.slug, (l) => l.player(data.contentId)),
    locale,
  );

/** The page for what the loader found: the player, or a closed gallery's message. */
export function PlayerPageView({
  loaded,
  locale,
  mode,
}: {
  loaded: PlayerPageData;
  locale: Locale;
  mode: SiteMode;
}) {
  if (loaded.state !== "ok") {
    return <ClosedGallery data={loaded} links={tenantLinks(mode, loaded.company.slug)} />;
  }
  const data = localizePlayerPage(loaded, locale);
  const links = tenantLinks(mode, data.company.slug);
  return (
    <PageMessages page="player">
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
    </PageMessages>
  );
}
