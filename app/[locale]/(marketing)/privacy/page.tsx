import type { Metadata } from "next";
import { setRequestLocale } from "next-intl/server";

import { LegalTopBar } from "@/components/marketing/legal-top-bar";
import { SiteFooter } from "@/components/marketing/site-footer";
import { LegalDocument } from "@/components/public/legal-document";
import { resolveLocale } from "@/lib/i18n/config";
import { legalText } from "@/lib/public/legal";

export async function generateMetadata({ params }: PageProps<"/[locale]/privacy">): Promise<Metadata> {
  const { title, lead } = await legalText("privacy", resolveLocale((await params).locale));
  return { title, description: lead, alternates: { canonical: "/privacy" } };
}

export default async function PrivacyPage({ params }: PageProps<"/[locale]/privacy">) {
  const locale = resolveLocale((await params).locale);
  setRequestLocale(locale);
  const doc = await legalText("privacy", locale);

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
