import { getTranslations } from "next-intl/server";
import { FilterForm, FilterSelect } from "@/components/ui/filter-form";
import { optionsOf } from "@/components/ui/select";
import { CONTENT_KINDS, CONTENT_STATUSES, type ContentListFilters } from "@/lib/features/content/schemas";

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
    <FilterForm
      applyLabel={t("filters.apply")}
      search={{ label: t("filters.search"), placeholder: t("filters.searchPlaceholder"), value: filters.q }}
    >
      <FilterSelect
        label={t("filters.status")}
        name="status"
        value={filters.status}
        allLabel={t("filters.all")}
        options={optionsOf(CONTENT_STATUSES, (s) => t(`status.${s}`))}
      />
      <FilterSelect
        label={t("filters.kind")}
        name="kind"
        value={filters.kind}
        allLabel={t("filters.all")}
        options={optionsOf(CONTENT_KINDS, (k) => t(`kind.${k}`))}
      />
      <FilterSelect
        label={t("filters.event")}
        name="eventId"
        value={filters.eventId}
        allLabel={t("filters.allEvents")}
        className="max-w-64"
        options={events.map((e) => ({ value: e.id, label: `${e.name} (${e.date})` }))}
      />
    </FilterForm>
  );
}
