import { Plus } from "lucide-react";
import { filtersKey } from "@/lib/core/pagination/keyset";
import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import Link from "next/link";
import { KeysetPagination } from "@/components/admin/keyset-pagination";
import { ContentFilters } from "@/components/content/content-filters";
import { ContentTable } from "@/components/content/content-table";
import { StorageMeter } from "@/components/content/storage-meter";
import { Button } from "@/components/ui/button";
import { listContents } from "@/lib/features/content/queries";
import { contentListSchema } from "@/lib/features/content/schemas";
import { eventOptions } from "@/lib/features/events/queries";
import { getStorageUsage } from "@/lib/platform/plans/enforce";
import { requireMembership } from "@/lib/platform/tenancy/guard";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("content");
  return { title: t("title") };
}

export default async function ContentListPage({
  params,
  searchParams,
}: PageProps<"/[locale]/admin/content">) {
  const { locale } = await params;
  setRequestLocale(locale);
  const membership = await requireMembership("content.manage");
  const companyId = membership.company.id;
  const filters = contentListSchema.parse(await searchParams);
  const [list, usage, events, t] = await Promise.all([
    listContents(companyId, filters),
    getStorageUsage(companyId),
    eventOptions(companyId),
    getTranslations("content"),
  ]);

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-semibold">{t("title")}</h1>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="secondary">
            <Link href="/admin/content/new?kind=single">
              <Plus aria-hidden className="size-4" />
              {t("newSingle")}
            </Link>
          </Button>
          <Button asChild variant="secondary">
            <Link href="/admin/content/new?kind=video_gallery">
              <Plus aria-hidden className="size-4" />
              {t("newVideoGallery")}
            </Link>
          </Button>
          <Button asChild>
            <Link href="/admin/content/new?kind=photo_gallery">
              <Plus aria-hidden className="size-4" />
              {t("newPhotoGallery")}
            </Link>
          </Button>
        </div>
      </header>
      <StorageMeter usage={usage} />
      {/* Keyed by the filters: "Clear filters" is a client navigation, and the form's uncontrolled
          fields would otherwise keep the values of the page it came from. */}
      <ContentFilters key={filtersKey(filters)} filters={filters} events={events} />
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("resultCount", { count: list.total })}</p>
      <ContentTable items={list.items} />
      <KeysetPagination
        basePath="/admin/content"
        links={list}
        query={{ q: filters.q, status: filters.status, kind: filters.kind, eventId: filters.eventId }}
      />
    </div>
  );
}
