import { isLocale } from "@/lib/i18n/config";
import { renderOgImage, type OgKind } from "@/lib/public/og-image";

// Cached like the pages (one PNG per subject and language), refreshed by the same tags.
export const dynamic = "force-static";
export const revalidate = 3600;

export function generateStaticParams() {
  return [];
}

const kinds: readonly OgKind[] = ["company", "event", "content"];

// GET /api/og/{company|event|content}/{id}/{locale} — the Open Graph image of a public page (PNG)
export async function GET(_request: Request, { params }: RouteContext<"/api/og/[kind]/[id]/[locale]">) {
  const { kind, id, locale } = await params;
  if (!kinds.includes(kind as OgKind) || !isLocale(locale)) return new Response("Not found", { status: 404 });
  return renderOgImage(kind as OgKind, id, locale);
}
