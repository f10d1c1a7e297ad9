import { z } from "zod";
import { siteForHost, sitemapXml } from "@/lib/surfaces/public-site/site-files";

export const dynamic = "force-dynamic";

/** `?page=N` names one page of a sitemap index; anything else there is no page of ours. */
const pageSchema = z.union([
  z.null(),
  z
    .string()
    .regex(/^[1-9]\d{0,5}$/)
    .transform(Number),
]);

const notFound = () => new Response("Not found", { status: 404 });

// GET /sitemap.xml — the viewable pages of the site this host names (the platform, or one
// tenant); past one page's worth, a sitemap index of its pages (GET /sitemap.xml?page=N)
export async function GET(request: Request) {
  const page = pageSchema.safeParse(new URL(request.url).searchParams.get("page"));
  if (!page.success) return notFound();
  const site = await siteForHost(request.headers.get("host"));
  if (!site) return notFound();
  const xml = await sitemapXml(site, page.data);
  if (xml === null) return notFound();
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
