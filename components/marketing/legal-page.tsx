import type { Metadata } from "next";
import type { ReactNode } from "react";
import { LegalTopBar } from "@/components/marketing/legal-top-bar";
import { SiteFooter } from "@/components/marketing/site-footer";
import { LegalDocument } from "@/components/public/legal-document";
import { resolveLocale, type Locale } from "@/lib/core/i18n/config";
import { appUrl } from "@/lib/core/env";
import { legalText, type LegalKind } from "@/lib/surfaces/public-site/legal";
import { shareMetadata, siteOgImagePath } from "@/lib/surfaces/public-site/metadata";

/** The metadata of a legal page: its title and lead from the catalogue, its canonical URL, its share image. */
export async function legalMetadata(kind: LegalKind, params: Promise<{ locale: string }>): Promise<Metadata> {
  const locale = resolveLocale((await params).locale);
  const { title, lead } = await legalText(kind, locale);
  return shareMetadata({
    title,
    description: lead,
    url: `${appUrl}/${kind}`,
    image: siteOgImagePath(kind, locale),
    imageAlt: title,
    locale,
    siteName: "Afterglow",
  });
}

/**
 * The privacy, terms and cookies pages share one frame (top bar, document, footer); the
 * route resolves the locale (and calls setRequestLocale) and may add content below the text.
 */
export async function LegalPage({
  kind,
  locale,
  children,
}: {
  kind: LegalKind;
  locale: Locale;
  children?: ReactNode;
}) {
  const doc = await legalText(kind, locale);
  return (
    <>
      <LegalTopBar />
      <main id="main">
        <LegalDocument title={doc.title} lead={doc.lead} sections={doc.sections}>
          {children}
        </LegalDocument>
      </main>
      <SiteFooter />
    </>
  );
}
