import { notFound, redirect } from "next/navigation";
import { resolveGlobalEventSlug } from "@/lib/features/events/global-slug";
import { tenantLinks } from "@/lib/platform/site/links";

// Event slugs are unique per company: the company-less address only redirects to the company's
// event page when one viewable event has the slug (lib/features/events/global-slug.ts), so it is looked
// up on every request rather than cached as a page. A temporary redirect (307): another company
// may take the same slug later, and a browser must not keep sending fans to the first one.
export const dynamic = "force-dynamic";

export default async function Page({ params }: PageProps<"/[locale]/event/[slug]">) {
  const { slug } = await params;
  const target = await resolveGlobalEventSlug(slug);
  if (!target) notFound();
  redirect(tenantLinks("path", target.companySlug).event(target.slug));
}
