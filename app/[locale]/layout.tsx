import type { Metadata, Viewport } from "next";
import { notFound } from "next/navigation";
import { NextIntlClientProvider } from "next-intl";
import { getMessages, getTranslations, setRequestLocale } from "next-intl/server";
import { ConsentManager } from "@/components/consent/consent-manager";
import { ThemeProvider } from "@/components/preferences/theme-provider";
import { MediaEnhancer } from "@/components/public/media-enhancer";
import { StaleMetadataCleaner } from "@/components/head/stale-metadata-cleaner";
import { DeferredToaster } from "@/components/public/deferred-toaster";
import { appUrl, env } from "@/lib/core/env";
import { requestNonce } from "@/lib/surfaces/public-site/csp-nonce";
import { openGraphLocales } from "@/lib/surfaces/public-site/metadata";
import { pickMessages, publicClientNamespaces } from "@/lib/core/i18n/client-messages";
import { isLocale, locales } from "@/lib/core/i18n/config";
import type { Messages } from "@/lib/core/i18n/messages";
import "../globals.css";

export function generateStaticParams() {
  return locales.map((locale) => ({ locale }));
}

export async function generateMetadata({ params }: LayoutProps<"/[locale]">): Promise<Metadata> {
  const { locale: raw } = await params;
  const locale = isLocale(raw) ? raw : "pt";
  const t = await getTranslations({ locale, namespace: "home" });
  return {
    metadataBase: new URL(appUrl),
    title: { default: t("metaTitle"), template: "%s · Afterglow" },
    description: t("metaDescription"),
    applicationName: "Afterglow",
    // Pages that are shared set their own openGraph (lib/surfaces/public-site/metadata.ts: shareMetadata).
    openGraph: { siteName: "Afterglow", type: "website", ...openGraphLocales(locale) },
    twitter: { card: "summary_large_image" },
  };
}

export const viewport: Viewport = {
  width: "device-width",
  initialScale: 1,
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#ffffff" },
    { media: "(prefers-color-scheme: dark)", color: "#0b0b12" },
  ],
};

export default async function LocaleLayout({ children, params }: LayoutProps<"/[locale]">) {
  const { locale } = await params;
  // Paths the proxy does not rewrite (e.g. a stray `/x.png`) land here with no locale.
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  const [messages, t, nonce] = await Promise.all([
    getMessages(),
    getTranslations("common"),
    // Dynamic pages only (the signed-in area); public pages are static and get none.
    requestNonce(),
  ]);
  return (
    <html lang={locale} suppressHydrationWarning>
      <body className="min-h-dvh bg-white text-zinc-900 antialiased dark:bg-ink-900 dark:text-zinc-100">
        <a
          href="#main"
          className="sr-only z-[100] rounded-lg bg-white px-4 py-2 font-medium text-zinc-900 focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:inline-flex focus:min-h-11 focus:items-center"
        >
          {t("skipToContent")}
        </a>
        <NextIntlClientProvider messages={pickMessages(messages as Messages, publicClientNamespaces)}>
          <ThemeProvider nonce={nonce}>
            {children}
            <DeferredToaster />
            <ConsentManager analyticsTagId={env.ANALYTICS_TAG_ID ?? null} />
            <MediaEnhancer />
            <StaleMetadataCleaner />
          </ThemeProvider>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
