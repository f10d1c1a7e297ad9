import type { Metadata } from "next";
import { cookies } from "next/headers";
import { notFound } from "next/navigation";
import { setRequestLocale } from "next-intl/server";
import { EventPageView } from "@/components/public/pages/event-page";
import { resolveLocale } from "@/lib/core/i18n/config";
import { isSiteMode } from "@/lib/platform/site/unlocked-path";
import { loadUnlockedEventPage } from "@/lib/surfaces/public-site/load-event-page";
import { getEventPage } from "@/lib/surfaces/public-site/queries";

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
  // Event pages exist in path and host modes (the company-less /event/{slug} only redirects).
  if (!isSiteMode(mode) || mode === "global") return null;
  const jar = await cookies();
  const loaded = await loadUnlockedEventPage(
    eventSlug,
    siteSlug,
    (name) => jar.get(name)?.value,
    () => getEventPage(eventSlug, siteSlug),
  );
  return loaded ? { loaded, mode } : null;
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const found = await load(props);
  if (!found) return { robots: { index: false } };
  const { loaded } = found;
  const title = loaded.state === "ok" ? `${loaded.event.name} · ${loaded.company.name}` : loaded.company.name;
  return { title, robots: { index: false, follow: false } };
}

export default async function Page(props: Props) {
  const locale = resolveLocale((await props.params).locale);
  setRequestLocale(locale);
  const found = await load(props);
  if (!found) notFound();
  return <EventPageView loaded={found.loaded} locale={locale} mode={found.mode} />;
}
