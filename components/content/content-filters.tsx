import { getTranslations } from "next-intl/server";
import { FilterField, FilterForm } from "@/components/ui/filter-form";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
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
          {CONTENT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`status.${s}`)}
            </option>
          ))}
        </Select>
      </FilterField>
      <FilterField label={t("filters.kind")}>
        <Select size="sm" name="kind" defaultValue={filters.kind ?? ""}>
          <option value="">{t("filters.all")}</option>
          {CONTENT_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`kind.${k}`)}
            </option>
          ))}
        </Select>
      </FilterField>
      <FilterField label={t("filters.event")}>
        <Select size="sm" name="eventId" defaultValue={filters.eventId ?? ""} className="max-w-64">
          <option value="">{t("filters.allEvents")}</option>
          {events.map((e) => (
            <option key={e.id} value={e.id}>
              {e.name} ({e.date})
            </option>
          ))}
        </Select>
      </FilterField>
    </FilterForm>
  );
}
