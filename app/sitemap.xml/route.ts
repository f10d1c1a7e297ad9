import { siteForHost, sitemapXml } from "@/lib/surfaces/public-site/site-files";

export const dynamic = "force-dynamic";

// GET /sitemap.xml — the viewable pages of the site this host names (the platform, or one tenant)
export async function GET(request: Request) {
  const site = await siteForHost(request.headers.get("host"));
  if (!site) return new Response("Not found", { status: 404 });
  return new Response(await sitemapXml(site), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
