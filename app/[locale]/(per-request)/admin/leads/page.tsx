import { FileDown } from "lucide-react";
import { filtersKey } from "@/lib/core/pagination/keyset";
import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { EmptyList } from "@/components/admin/empty-list";
import { KeysetPagination } from "@/components/admin/keyset-pagination";
import { PageHeader } from "@/components/admin/page-header";
import { LeadFilters } from "@/components/leads/lead-filters";
import { LeadsTable } from "@/components/leads/leads-table";
import { Button } from "@/components/ui/button";
import { can } from "@/lib/platform/access/permissions";
import { companyHasLeads, leadFilterOptions, listLeads } from "@/lib/features/leads/queries";
import { filterQuery, hasActiveFilters, leadFiltersSchema } from "@/lib/features/leads/schemas";
import { requireMembership } from "@/lib/platform/tenancy/guard";

export async function generateMetadata({ params }: PageProps<"/[locale]/admin/leads">): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: "admin.leads" });
  return { title: t("metaTitle") };
}

function withQuery(path: string, query: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v) params.set(k, v);
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/**
 * The company's leads (admins and managers; deleting is for admins). The filters live in the
 * URL and are shared with the CSV export; reading the list is audited by lib/leads.
 */
export default async function LeadsPage({ params, searchParams }: PageProps<"/[locale]/admin/leads">) {
  const { locale } = await params;
  setRequestLocale(locale);
  const membership = await requireMembership("leads.view");
  const companyId = membership.company.id;
  const filters = leadFiltersSchema.parse(await searchParams);
  const filtered = hasActiveFilters(filters);
  const [list, options, t] = await Promise.all([
    listLeads(membership, filters),
    leadFilterOptions(companyId),
    getTranslations("admin.leads"),
  ]);
  const anyLead = list.total > 0 || (filtered && (await companyHasLeads(companyId)));
  const query = filterQuery(filters);

  if (!anyLead) {
    return (
      <>
        <PageHeader title={t("title")} description={t("description")} />
        <EmptyList>{t("empty")}</EmptyList>
      </>
    );
  }

  return (
    <>
      <PageHeader title={t("title")} description={t("description")}>
        <Button asChild variant="secondary">
          <a href={withQuery("/api/admin/leads.csv", query)} download>
            <FileDown aria-hidden className="size-4" />
            {filtered ? t("exportFilteredCsv") : t("exportCsv")}
          </a>
        </Button>
      </PageHeader>
      <div className="flex flex-col gap-6">
        {/* Keyed by the filters: "Clear filters" is a client navigation (see the content page). */}
        <LeadFilters key={filtersKey(filters)} filters={filters} options={options} />
        <p className="text-sm text-zinc-600 dark:text-zinc-400" aria-live="polite">
          {t("resultCount", { count: list.total })}
        </p>
        {list.items.length > 0 ? (
          <LeadsTable items={list.items} canDelete={can(membership, "leads.delete")} />
        ) : list.total > 0 ? (
          <EmptyList>
            {t("pageEmpty")}{" "}
            <Link href={withQuery("/admin/leads", query)} className="font-medium text-brand-600 underline">
              {t("firstPage")}
            </Link>
          </EmptyList>
        ) : (
          <EmptyList>
            {t("noResults")}{" "}
            <Link href="/admin/leads" className="font-medium text-brand-600 underline">
              {t("filters.clear")}
            </Link>
          </EmptyList>
        )}
        <KeysetPagination basePath="/admin/leads" links={list} query={query} />
      </div>
    </>
  );
}
