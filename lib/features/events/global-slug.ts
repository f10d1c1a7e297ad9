import { db } from "@/lib/core/db";
import { viewableEventWhere } from "@/lib/platform/site/visibility";

/**
 * The company-less `/event/{slug}`, kept for links printed or shared before event slugs became
 * unique per company. Only events of that time answer it (`globalSlug`: their slugs were
 * unique across companies), so a company created later cannot take those links over by
 * reusing a slug, nor break them by making them ambiguous. When that event is viewable
 * (published, public) the page redirects to its `/{company}/evento/{slug}`; otherwise it is not
 * found, like an unknown slug. It never says which companies have the slug, so it is no oracle.
 */
export async function resolveGlobalEventSlug(
  slug: string,
): Promise<{ companySlug: string; slug: string } | null> {
  const wanted = slug.toLowerCase();
  const rows = await db.event.findMany({
    where: { slug: wanted, globalSlug: true, ...viewableEventWhere },
    select: { slug: true, company: { select: { slug: true } } },
    // Two are enough to know it is ambiguous.
    take: 2,
  });
  if (rows.length !== 1) return null;
  return { companySlug: rows[0]!.company.slug, slug: rows[0]!.slug };
}
