import { getTranslations } from "next-intl/server";
import { FilterField, FilterForm } from "@/components/ui/filter-form";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { EVENT_STATUSES, type EventListFilters } from "@/lib/events/schemas";

/** The events list's search and status filter (a `FilterForm`: GET, shareable URL). */
export async function EventFilters({ filters }: { filters: EventListFilters }) {
  const t = await getTranslations("events");
  return (
    <FilterForm applyLabel={t("filters.apply")}>
      <FilterField label={t("filters.search")} grow>
        <Input
          type="search"
          name="q"
          defaultValue={filters.q ?? ""}
          placeholder={t("filters.searchPlaceholder")}
        />
      </FilterField>
      <FilterField label={t("filters.status")}>
        <Select size="sm" name="status" defaultValue={filters.status ?? ""}>
          <option value="">{t("filters.all")}</option>
          {EVENT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`status.${s}`)}
            </option>
          ))}
        </Select>
      </FilterField>
    </FilterForm>
  );
}
