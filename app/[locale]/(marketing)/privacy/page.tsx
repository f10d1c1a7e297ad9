import type { Metadata } from "next";
import { setRequestLocale } from "next-intl/server";
import { LegalPage, legalMetadata } from "@/components/marketing/legal-page";
import { resolveLocale } from "@/lib/core/i18n/config";

// Cached for everyone: no request data, no nonce (see lib/surfaces/public-site/csp.ts).
export const dynamic = "force-static";

export function generateMetadata({ params }: PageProps<"/[locale]/privacy">): Promise<Metadata> {
  return legalMetadata("privacy", params);
}

export default async function PrivacyPage({ params }: PageProps<"/[locale]/privacy">) {
  const locale = resolveLocale((await params).locale);
  setRequestLocale(locale);
  return <LegalPage kind="privacy" locale={locale} />;
}
