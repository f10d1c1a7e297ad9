import { Plus } from "lucide-react";
import { filtersKey } from "@/lib/core/pagination/keyset";
import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import Link from "next/link";
import { KeysetPagination } from "@/components/admin/keyset-pagination";
import { EventFilters } from "@/components/events/event-filters";
import { EventsTable } from "@/components/events/events-table";
import { Button } from "@/components/ui/button";
import { listEvents } from "@/lib/features/events/queries";
import { eventListSchema } from "@/lib/features/events/schemas";
import { tenantLinks } from "@/lib/platform/site/links";
import { requireMembership } from "@/lib/platform/tenancy/guard";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("events");
  return { title: t("title") };
}

export default async function EventsPage({ params, searchParams }: PageProps<"/[locale]/admin/events">) {
  const { locale } = await params;
  setRequestLocale(locale);
  const membership = await requireMembership("events.manage");
  const filters = eventListSchema.parse(await searchParams);
  const [list, t] = await Promise.all([
    listEvents(membership.company.id, filters),
    getTranslations("events"),
  ]);
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-semibold">{t("title")}</h1>
        <Button asChild>
          <Link href="/admin/events/new">
            <Plus aria-hidden className="size-4" />
            {t("new")}
          </Link>
        </Button>
      </header>
      {/* Keyed by the filters: "Clear filters" is a client navigation (see the content page). */}
      <EventFilters key={filtersKey(filters)} filters={filters} />
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("resultCount", { count: list.total })}</p>
      <EventsTable items={list.items} pathPrefix={tenantLinks("path", membership.company.slug).event("")} />
      <KeysetPagination
        basePath="/admin/events"
        links={list}
        query={{ q: filters.q, status: filters.status }}
      />
    </div>
  );
}
