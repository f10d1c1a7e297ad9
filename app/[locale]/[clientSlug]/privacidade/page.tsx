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
}: PageProps<"/[locale]/[clientSlug]/privacidade">): Promise<Metadata> {
  const { locale, clientSlug } = await params;
  return tenantLegalMetadata(clientSlug, "privacy", resolveLocale(locale), "path");
}

export default async function Page({ params }: PageProps<"/[locale]/[clientSlug]/privacidade">) {
  const { locale, clientSlug } = await params;
  return <TenantLegalPage slug={clientSlug} kind="privacy" locale={resolveLocale(locale)} mode="path" />;
}
