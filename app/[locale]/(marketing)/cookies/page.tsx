import type { Metadata } from "next";
import { setRequestLocale } from "next-intl/server";
import { getTranslations } from "next-intl/server";
import { CookieSettingsButton } from "@/components/consent/cookie-settings-button";
import { LegalTopBar } from "@/components/marketing/legal-top-bar";
import { SiteFooter } from "@/components/marketing/site-footer";
import { LegalDocument } from "@/components/public/legal-document";
import { resolveLocale } from "@/lib/i18n/config";
import { legalText } from "@/lib/public/legal";

export async function generateMetadata({ params }: PageProps<"/[locale]/cookies">): Promise<Metadata> {
  const { title, lead } = await legalText("cookies", resolveLocale((await params).locale));
  return { title, description: lead, alternates: { canonical: "/cookies" } };
}

export default async function CookiesPage({ params }: PageProps<"/[locale]/cookies">) {
  const locale = resolveLocale((await params).locale);
  setRequestLocale(locale);
  const doc = await legalText("cookies", locale);
  const t = await getTranslations("consent");
  return (
    <>
      <LegalTopBar />
      <main id="main">
        <LegalDocument title={doc.title} lead={doc.lead} sections={doc.sections}>
          <CookieSettingsButton className="mt-10 inline-flex h-11 items-center rounded-lg bg-orange-700 px-5 font-medium text-white hover:bg-orange-800">
            {t("manage")}
          </CookieSettingsButton>
        </LegalDocument>
      </main>
      <SiteFooter />
    </>
  );
}
