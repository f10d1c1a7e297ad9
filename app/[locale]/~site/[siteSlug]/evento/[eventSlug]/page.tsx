import type { Metadata } from "next";
import { EventPage, eventMetadata } from "@/components/public/pages/event-page";
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
}: PageProps<"/[locale]/~site/[siteSlug]/evento/[eventSlug]">): Promise<Metadata> {
  const { locale, siteSlug, eventSlug } = await params;
  return eventMetadata(eventSlug, resolveLocale(locale), "host", siteSlug);
}

export default async function Page({ params }: PageProps<"/[locale]/~site/[siteSlug]/evento/[eventSlug]">) {
  const { locale, siteSlug, eventSlug } = await params;
  return (
    <EventPage eventSlug={eventSlug} companySlug={siteSlug} locale={resolveLocale(locale)} mode="host" />
  );
}
