import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { CookieSettingsButton } from "@/components/consent/cookie-settings-button";
import { CookieTable } from "@/components/marketing/cookie-table";
import { LegalPage, legalMetadata } from "@/components/marketing/legal-page";
import { resolveLocale } from "@/lib/core/i18n/config";

// Cached for everyone: no request data, no nonce (see lib/surfaces/public-site/csp.ts).
export const dynamic = "force-static";

export function generateMetadata({ params }: PageProps<"/[locale]/cookies">): Promise<Metadata> {
  return legalMetadata("cookies", params);
}

export default async function CookiesPage({ params }: PageProps<"/[locale]/cookies">) {
  const locale = resolveLocale((await params).locale);
  setRequestLocale(locale);
  const t = await getTranslations("consent");
  return (
    <LegalPage kind="cookies" locale={locale}>
      <CookieTable />
      <CookieSettingsButton className="mt-10 inline-flex h-11 items-center rounded-lg bg-orange-700 px-5 font-medium text-white hover:bg-orange-800">
        {t("manage")}
      </CookieSettingsButton>
    </LegalPage>
  );
}
