import { getTranslations } from "next-intl/server";
import { FilterField, FilterForm, FilterSearch } from "@/components/ui/filter-form";
import { optionsOf, Select } from "@/components/ui/select";
import { EVENT_STATUSES, type EventListFilters } from "@/lib/events/schemas";

/** The events list's search and status filter (a `FilterForm`: GET, shareable URL). */
export async function EventFilters({ filters }: { filters: EventListFilters }) {
  const t = await getTranslations("events");
  return (
    <FilterForm applyLabel={t("filters.apply")}>
      <FilterSearch
        label={t("filters.search")}
        placeholder={t("filters.searchPlaceholder")}
        defaultValue={filters.q}
      />
      <FilterField label={t("filters.status")}>
        <Select
          size="sm"
          name="status"
          defaultValue={filters.status ?? ""}
          emptyLabel={t("filters.all")}
          options={optionsOf(EVENT_STATUSES, (s) => t(`status.${s}`))}
        />
      </FilterField>
    </FilterForm>
  );
}
