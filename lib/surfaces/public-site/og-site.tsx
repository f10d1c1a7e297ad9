import "server-only";
import { ImageResponse } from "next/og";
import { getTranslations } from "next-intl/server";
import type { Locale } from "@/lib/core/i18n/config";
import { legalText } from "@/lib/surfaces/public-site/legal";
import type { SiteOgPage } from "@/lib/surfaces/public-site/metadata";
import { OG_SIZE } from "@/lib/surfaces/public-site/og-image";
import { jpegResponse, storedShareImage } from "@/lib/surfaces/public-site/og-store";
import { PUBLIC_REVALIDATE_SECONDS } from "@/lib/surfaces/public-site/queries";

/** What a platform page's share image says, in its language. */
async function siteTexts(page: SiteOgPage, locale: Locale): Promise<{ title: string; subtitle: string }> {
  if (page === "home") {
    const t = await getTranslations({ locale, namespace: "home" });
    return { title: t("metaTitle"), subtitle: t("metaDescription") };
  }
  const doc = await legalText(page, locale);
  return { title: doc.title, subtitle: doc.lead };
}

/**
 * The share image of the platform's own pages (home, privacy, terms, cookies): the wordmark,
 * the page's title and line on the dark ink of the site, the orange glow of the brand.
 * Stored like the tenants' images (`og-store.ts`), drawn again only when the words change.
 */
export async function renderSiteOgImage(page: SiteOgPage, locale: Locale): Promise<Response> {
  const { title, subtitle } = await siteTexts(page, locale);
  const draw = async () => {
    const png = new ImageResponse(
      <div
        style={{
          display: "flex",
          flexDirection: "column",
          justifyContent: "space-between",
          width: "100%",
          height: "100%",
          padding: "72px 80px",
          color: "#fafafa",
          background: "radial-gradient(circle at 85% 110%, #c2410c 0%, #3b1a0e 35%, #0b0b12 70%)",
        }}
      >
        <div style={{ display: "flex", alignItems: "center", gap: 18, fontSize: 34, fontWeight: 700 }}>
          <div style={{ display: "flex", width: 44, height: 44, borderRadius: 22, background: "#f97316" }} />
          Afterglow
        </div>
        <div style={{ display: "flex", flexDirection: "column", gap: 24 }}>
          <div
            style={{
              display: "flex",
              fontSize: title.length > 42 ? 58 : 70,
              fontWeight: 700,
              lineHeight: 1.1,
            }}
          >
            {title.slice(0, 90)}
          </div>
          <div style={{ display: "flex", fontSize: 30, color: "#d4d4d8", lineHeight: 1.35 }}>
            {subtitle.slice(0, 150)}
          </div>
        </div>
      </div>,
      OG_SIZE,
    );
    return new Uint8Array(await png.arrayBuffer());
  };
  const jpeg = await storedShareImage(
    { prefix: `platform/og/${page}-${locale}-`, inputs: { page, locale, title, subtitle } },
    draw,
  );
  return jpegResponse(jpeg, PUBLIC_REVALIDATE_SECONDS);
}
