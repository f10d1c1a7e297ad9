import { getTranslations } from "next-intl/server";
import { FilterField, FilterForm } from "@/components/ui/filter-form";
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
      <FilterField label={t("search")} grow>
        <Input type="search" name="q" defaultValue={filters.q ?? ""} placeholder={t("searchPlaceholder")} />
      </FilterField>
      <FilterField label={t("content")}>
        <Select size="sm" name="contentId" defaultValue={filters.contentId ?? ""} className="max-w-64">
          <option value="">{t("allContent")}</option>
          {options.contents.map((c) => (
            <option key={c.id} value={c.id}>
              {c.title}
            </option>
          ))}
        </Select>
      </FilterField>
      <FilterField label={t("event")}>
        <Select size="sm" name="eventId" defaultValue={filters.eventId ?? ""} className="max-w-64">
          <option value="">{t("allEvents")}</option>
          {options.events.map((e) => (
            <option key={e.id} value={e.id}>
              {e.name}
            </option>
          ))}
        </Select>
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
