import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { ArtistsSection } from "@/components/marketing/sections/artists-section";
import { HeroSection } from "@/components/marketing/sections/hero-section";
import { IntegrationSection } from "@/components/marketing/sections/integration-section";
import { InterestSection } from "@/components/marketing/sections/interest-section";
import { MovementSection } from "@/components/marketing/sections/movement-section";
import { NewsletterSection } from "@/components/marketing/sections/newsletter-section";
import { PlatformSection } from "@/components/marketing/sections/platform-section";
import { PricingSection } from "@/components/marketing/sections/pricing-section";
import { ProblemSection } from "@/components/marketing/sections/problem-section";
import { QuoteSection } from "@/components/marketing/sections/quote-section";
import { ShowcaseSection } from "@/components/marketing/sections/showcase-section";
import { SiteFooter } from "@/components/marketing/site-footer";
import { TopBar } from "@/components/marketing/top-bar";
import { appUrl } from "@/lib/core/env";
import { resolveLocale } from "@/lib/core/i18n/config";
import { shareMetadata, siteOgImagePath } from "@/lib/surfaces/public-site/metadata";

// Cached for everyone: no request data, no nonce (see lib/surfaces/public-site/csp.ts).
export const dynamic = "force-static";

export async function generateMetadata({ params }: PageProps<"/[locale]">): Promise<Metadata> {
  const locale = resolveLocale((await params).locale);
  const t = await getTranslations({ locale, namespace: "home" });
  return shareMetadata({
    title: t("metaTitle"),
    description: t("metaDescription"),
    url: `${appUrl}/`,
    image: siteOgImagePath("home", locale),
    imageAlt: t("metaTitle"),
    locale,
    siteName: "Afterglow",
  });
}

/** The platform's home: one component per section, in page order. */
export default async function HomePage({ params }: PageProps<"/[locale]">) {
  const { locale } = await params;
  setRequestLocale(locale);

  return (
    <>
      <TopBar />
      <main id="main" className="sections-render-near-viewport">
        <HeroSection />
        <ProblemSection />
        <MovementSection />
        <QuoteSection />
        <PlatformSection />
        <IntegrationSection />
        <ShowcaseSection />
        <PricingSection />
        <InterestSection />
        <ArtistsSection />
        <NewsletterSection />
      </main>
      <SiteFooter />
    </>
  );
}
