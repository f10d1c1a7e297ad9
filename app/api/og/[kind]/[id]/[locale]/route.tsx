import { isLocale } from "@/lib/core/i18n/config";
import { SITE_OG_PAGES, type SiteOgPage } from "@/lib/surfaces/public-site/metadata";
import { renderOgImage, type OgKind } from "@/lib/surfaces/public-site/og-image";
import { renderSiteOgImage } from "@/lib/surfaces/public-site/og-site";

// Cached like the pages (one JPEG per subject and language), refreshed by the same tags; the
// drawing itself is kept in the object store per version (lib/surfaces/public-site/og-store.ts).
export const dynamic = "force-static";
export const revalidate = 3600;

export function generateStaticParams() {
  return [];
}

const kinds: readonly OgKind[] = ["company", "event", "content"];

// GET /api/og/{company|event|content}/{id}/{locale} — the Open Graph image of a public page (JPEG)
// GET /api/og/site/{home|privacy|terms|cookies}/{locale} — the platform pages' own
export async function GET(_request: Request, { params }: RouteContext<"/api/og/[kind]/[id]/[locale]">) {
  const { kind, id, locale } = await params;
  if (!isLocale(locale)) return new Response("Not found", { status: 404 });
  if (kind === "site") {
    return SITE_OG_PAGES.includes(id as SiteOgPage)
      ? renderSiteOgImage(id as SiteOgPage, locale)
      : new Response("Not found", { status: 404 });
  }
  if (!kinds.includes(kind as OgKind)) return new Response("Not found", { status: 404 });
  return renderOgImage(kind as OgKind, id, locale);
}
