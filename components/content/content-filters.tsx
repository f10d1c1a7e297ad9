import { getTranslations } from "next-intl/server";
import { FilterField, FilterForm, FilterSearch } from "@/components/ui/filter-form";
import { optionsOf, Select } from "@/components/ui/select";
import { CONTENT_KINDS, CONTENT_STATUSES, type ContentListFilters } from "@/lib/content/schemas";

/** The content list's filters (a `FilterForm`: GET, shareable URL). */
export async function ContentFilters({
  filters,
  events,
}: {
  filters: ContentListFilters;
  events: { id: string; name: string; date: string }[];
}) {
  const t = await getTranslations("content");
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
          options={optionsOf(CONTENT_STATUSES, (s) => t(`status.${s}`))}
        />
      </FilterField>
      <FilterField label={t("filters.kind")}>
        <Select
          size="sm"
          name="kind"
          defaultValue={filters.kind ?? ""}
          emptyLabel={t("filters.all")}
          options={optionsOf(CONTENT_KINDS, (k) => t(`kind.${k}`))}
        />
      </FilterField>
      <FilterField label={t("filters.event")}>
        <Select
          size="sm"
          name="eventId"
          defaultValue={filters.eventId ?? ""}
          className="max-w-64"
          emptyLabel={t("filters.allEvents")}
          options={events.map((e) => ({ value: e.id, label: `${e.name} (${e.date})` }))}
        />
      </FilterField>
    </FilterForm>
  );
}
