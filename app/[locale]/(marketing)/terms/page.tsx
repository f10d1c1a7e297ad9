import type { Metadata } from "next";
import { setRequestLocale } from "next-intl/server";

import { LegalTopBar } from "@/components/marketing/legal-top-bar";
import { SiteFooter } from "@/components/marketing/site-footer";
import { LegalDocument } from "@/components/public/legal-document";
import { resolveLocale } from "@/lib/i18n/config";
import { legalText } from "@/lib/public/legal";

export async function generateMetadata({ params }: PageProps<"/[locale]/terms">): Promise<Metadata> {
  const { title, lead } = await legalText("terms", resolveLocale((await params).locale));
  return { title, description: lead, alternates: { canonical: "/terms" } };
}

export default async function TermsPage({ params }: PageProps<"/[locale]/terms">) {
  const locale = resolveLocale((await params).locale);
  setRequestLocale(locale);
  const doc = await legalText("terms", locale);

  return (
    <>
      <LegalTopBar />
      <main id="main">
        <LegalDocument title={doc.title} lead={doc.lead} sections={doc.sections}></LegalDocument>
      </main>
      <SiteFooter />
    </>
  );
}
