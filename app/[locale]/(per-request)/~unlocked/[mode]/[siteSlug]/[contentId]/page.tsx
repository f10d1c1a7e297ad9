import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { setRequestLocale } from "next-intl/server";
import { PlayerPageView } from "@/components/public/pages/player-page";
import { resolveLocale } from "@/lib/core/i18n/config";
import { UNLOCKED_GLOBAL_SLUG } from "@/lib/platform/site/unlocked-path";
import { loadUnlockedPlayerPage } from "@/lib/surfaces/public-site/load-player-page";
import { getPlayerPage } from "@/lib/surfaces/public-site/queries";
import { unlockedPageContext, unlockedPageMetadata } from "@/lib/surfaces/public-site/unlocked-page";

/**
 * A password gallery's player page, or that of a gallery only password events show, for a
 * browser that gave a password (issue #36). Internal: proxy.ts rewrites a player URL here only
 * when the request carries that gallery's unlock cookie or any event's, and a direct request for this path is a 404 (lib/core/i18n/locale-path.ts). Rendered
 * per request (the group's layout), so the gallery is never in a shared cache; the cookie is
 * checked here, and an invalid or outdated one gets the password form again.
 */
type Props = PageProps<"/[locale]/~unlocked/[mode]/[siteSlug]/[contentId]">;

async function load({ params }: Props) {
  const { mode, siteSlug, contentId } = await params;
  const slug = siteSlug === UNLOCKED_GLOBAL_SLUG ? undefined : siteSlug;
  return unlockedPageContext(mode, (cookies) =>
    loadUnlockedPlayerPage(contentId, slug, cookies, () => getPlayerPage(contentId, slug)),
  );
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  return unlockedPageMetadata(await load(props), (loaded) =>
    loaded.state === "ok" ? `${loaded.content.title} · ${loaded.company.name}` : loaded.company.name,
  );
}

export default async function Page(props: Props) {
  const locale = resolveLocale((await props.params).locale);
  setRequestLocale(locale);
  const found = await load(props);
  if (!found) notFound();
  return <PlayerPageView loaded={found.loaded} locale={locale} mode={found.mode} />;
}
