import type { Metadata } from "next";
import { TenantLegalPage, tenantLegalMetadata } from "@/components/public/pages/tenant-pages";
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
}: PageProps<"/[locale]/~site/[siteSlug]/termos">): Promise<Metadata> {
  const { locale, siteSlug } = await params;
  return tenantLegalMetadata(siteSlug, "terms", resolveLocale(locale), "host");
}

export default async function Page({ params }: PageProps<"/[locale]/~site/[siteSlug]/termos">) {
  const { locale, siteSlug } = await params;
  return <TenantLegalPage slug={siteSlug} kind="terms" locale={resolveLocale(locale)} mode="host" />;
}
