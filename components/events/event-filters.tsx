import { getTranslations } from "next-intl/server";
import { FilterForm, FilterSelect } from "@/components/ui/filter-form";
import { optionsOf } from "@/components/ui/select";
import { EVENT_STATUSES, type EventListFilters } from "@/lib/features/events/schemas";

/** The events list's search and status filter (a `FilterForm`: GET, shareable URL). */
export async function EventFilters({ filters }: { filters: EventListFilters }) {
  const t = await getTranslations("events");
  return (
    <FilterForm
      applyLabel={t("filters.apply")}
      search={{ label: t("filters.search"), placeholder: t("filters.searchPlaceholder"), value: filters.q }}
    >
      <FilterSelect
        label={t("filters.status")}
        name="status"
        value={filters.status}
        allLabel={t("filters.all")}
        options={optionsOf(EVENT_STATUSES, (s) => t(`status.${s}`))}
      />
    </FilterForm>
  );
}
