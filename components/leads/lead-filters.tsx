import { getTranslations } from "next-intl/server";
import { FilterField, FilterForm, FilterSearch } from "@/components/ui/filter-form";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import type { LeadFilterOptions } from "@/lib/leads/queries";
import { hasActiveFilters, type LeadFilters as Filters } from "@/lib/leads/schemas";

/** The leads filters (a `FilterForm`: GET, shareable URL), with a reset once one is active. */
export async function LeadFilters({ filters, options }: { filters: Filters; options: LeadFilterOptions }) {
  const t = await getTranslations("admin.leads.filters");
  return (
    <FilterForm
      label={t("label")}
      applyLabel={t("apply")}
      reset={hasActiveFilters(filters) ? { href: "/admin/leads", label: t("clear") } : undefined}
    >
      <FilterSearch label={t("search")} placeholder={t("searchPlaceholder")} defaultValue={filters.q} />
      <FilterField label={t("content")}>
        <Select
          size="sm"
          name="contentId"
          defaultValue={filters.contentId ?? ""}
          className="max-w-64"
          emptyLabel={t("allContent")}
          options={options.contents.map((c) => ({ value: c.id, label: c.title }))}
        />
      </FilterField>
      <FilterField label={t("event")}>
        <Select
          size="sm"
          name="eventId"
          defaultValue={filters.eventId ?? ""}
          className="max-w-64"
          emptyLabel={t("allEvents")}
          options={options.events.map((e) => ({ value: e.id, label: e.name }))}
        />
      </FilterField>
      <FilterField label={t("from")}>
        <Input type="date" name="from" defaultValue={filters.from ?? ""} className="w-40" />
      </FilterField>
      <FilterField label={t("to")}>
        <Input type="date" name="to" defaultValue={filters.to ?? ""} className="w-40" />
      </FilterField>
    </FilterForm>
  );
}
