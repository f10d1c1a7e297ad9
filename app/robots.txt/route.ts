import { robotsTxt, siteForHost } from "@/lib/surfaces/public-site/site-files";

export const dynamic = "force-dynamic";

// GET /robots.txt — crawl rules and the sitemap of the site this host names
export async function GET(request: Request) {
  const site = await siteForHost(request.headers.get("host"));
  if (!site) return new Response("Not found", { status: 404 });
  return new Response(robotsTxt(site), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
