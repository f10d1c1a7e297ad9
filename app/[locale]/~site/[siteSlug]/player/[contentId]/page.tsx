import type { Metadata } from "next";
import { PlayerPage, playerMetadata } from "@/components/public/pages/player-page";
import { resolveLocale } from "@/lib/core/i18n/config";

// ISR: rendered on the first visit per (locale, path), then served from the cache until
// `revalidatePublic` (admin changes) or the hourly safety net refreshes it.
// Static: no request data, so no nonce is ever cached (lib/surfaces/public-site/csp.ts).
export const dynamic = "force-static";
export const revalidate = 3600;

export function generateStaticParams() {
  return [];
}

export async function generateMetadata({
  params,
}: PageProps<"/[locale]/~site/[siteSlug]/player/[contentId]">): Promise<Metadata> {
  const { locale, siteSlug, contentId } = await params;
  return playerMetadata(contentId, resolveLocale(locale), "host", siteSlug);
}

export default async function Page({ params }: PageProps<"/[locale]/~site/[siteSlug]/player/[contentId]">) {
  const { locale, siteSlug, contentId } = await params;
  return (
    <PlayerPage contentId={contentId} companySlug={siteSlug} locale={resolveLocale(locale)} mode="host" />
  );
}
