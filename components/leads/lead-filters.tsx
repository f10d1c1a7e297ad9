import { getTranslations } from "next-intl/server";
import { DateRangeFields, FilterForm, FilterSelect } from "@/components/ui/filter-form";
import type { LeadFilterOptions } from "@/lib/features/leads/queries";
import { hasActiveFilters, type LeadFilters as Filters } from "@/lib/features/leads/schemas";

/** The leads filters (a `FilterForm`: GET, shareable URL), with a reset once one is active. */
export async function LeadFilters({ filters, options }: { filters: Filters; options: LeadFilterOptions }) {
  const t = await getTranslations("admin.leads.filters");
  return (
    <FilterForm
      label={t("label")}
      applyLabel={t("apply")}
      reset={hasActiveFilters(filters) ? { href: "/admin/leads", label: t("clear") } : undefined}
      search={{ label: t("search"), placeholder: t("searchPlaceholder"), value: filters.q }}
    >
      <FilterSelect
        label={t("content")}
        name="contentId"
        value={filters.contentId}
        allLabel={t("allContent")}
        className="max-w-64"
        options={options.contents.map((c) => ({ value: c.id, label: c.title }))}
      />
      <FilterSelect
        label={t("event")}
        name="eventId"
        value={filters.eventId}
        allLabel={t("allEvents")}
        className="max-w-64"
        options={options.events.map((e) => ({ value: e.id, label: e.name }))}
      />
      <DateRangeFields labels={{ from: t("from"), to: t("to") }} from={filters.from} to={filters.to} />
    </FilterForm>
  );
}
