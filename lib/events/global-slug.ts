import { db } from "@/lib/db";
import { viewableEventWhere } from "@/lib/public/visibility";

/**
 * The company-less `/event/{slug}`, kept for links printed or shared before event slugs became
 * unique per company. It resolves only where it is unambiguous: when exactly one viewable
 * (published, public) event has the slug, the page redirects (308) to that company's
 * `/{company}/evento/{slug}`; when none or several do, it is not found. It never says which
 * companies have the slug (no list, no "choose one"), so it is no oracle either.
 */
export async function resolveGlobalEventSlug(
  slug: string,
): Promise<{ companySlug: string; slug: string } | null> {
  const wanted = slug.toLowerCase();
  const rows = await db.event.findMany({
    where: { slug: wanted, ...viewableEventWhere },
    select: { slug: true, company: { select: { slug: true } } },
    // Two are enough to know it is ambiguous.
    take: 2,
  });
  if (rows.length !== 1) return null;
  return { companySlug: rows[0]!.company.slug, slug: rows[0]!.slug };
}
