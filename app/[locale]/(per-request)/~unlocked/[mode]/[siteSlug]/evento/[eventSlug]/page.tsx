import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { setRequestLocale } from "next-intl/server";
import { EventPageView } from "@/components/public/pages/event-page";
import { resolveLocale } from "@/lib/core/i18n/config";
import { loadUnlockedEventPage } from "@/lib/surfaces/public-site/load-event-page";
import { getEventPage } from "@/lib/surfaces/public-site/queries";
import { unlockedPageContext, unlockedPageMetadata } from "@/lib/surfaces/public-site/unlocked-page";

/**
 * A password event's page for a browser that gave its password (issue #36). Internal: proxy.ts
 * rewrites an event URL here only when the request carries an event's unlock cookie, and a
 * direct request for this path is a 404 (lib/core/i18n/locale-path.ts). Rendered per request
 * (the group's layout), so the event is never in a shared cache; the cookie is checked here,
 * and an invalid or outdated one gets the password form again. Never indexed.
 */
type Props = PageProps<"/[locale]/~unlocked/[mode]/[siteSlug]/evento/[eventSlug]">;

async function load({ params }: Props) {
  const { mode, siteSlug, eventSlug } = await params;
  return unlockedPageContext(mode, (cookies, siteMode) =>
    // Event pages exist in path and host modes (the company-less /event/{slug} only redirects).
    siteMode === "global"
      ? Promise.resolve(null)
      : loadUnlockedEventPage(eventSlug, siteSlug, cookies, () => getEventPage(eventSlug, siteSlug)),
  );
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  return unlockedPageMetadata(await load(props), (loaded) =>
    loaded.state === "ok" ? `${loaded.event.name} · ${loaded.company.name}` : loaded.company.name,
  );
}

export default async function Page(props: Props) {
  const locale = resolveLocale((await props.params).locale);
  setRequestLocale(locale);
  const found = await load(props);
  if (!found) notFound();
  return <EventPageView loaded={found.loaded} locale={locale} mode={found.mode} />;
}
