import { notFound, permanentRedirect } from "next/navigation";
import { resolveGlobalEventSlug } from "@/lib/events/global-slug";
import { tenantLinks } from "@/lib/public/links";

// Event slugs are unique per company: the company-less address only redirects (308) to the
// company's event page when one viewable event has the slug (lib/events/global-slug.ts), so it
// is looked up on every request rather than cached as a page.
export const dynamic = "force-dynamic";

export default async function Page({ params }: PageProps<"/[locale]/event/[slug]">) {
  const { slug } = await params;
  const target = await resolveGlobalEventSlug(slug);
  if (!target) notFound();
  permanentRedirect(tenantLinks("path", target.companySlug).event(target.slug));
}
