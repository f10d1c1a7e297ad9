import { getTranslations } from "next-intl/server";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { EVENT_STATUSES, type EventListFilters } from "@/lib/events/schemas";

/** Search and status filter as a GET form (works without JavaScript; shareable URLs). */
export async function EventFilters({ filters }: { filters: EventListFilters }) {
  const t = await getTranslations("events");
  return (
    <form method="get" role="search" className="flex flex-wrap items-end gap-3">
      <label className="flex min-w-48 flex-1 flex-col gap-1 text-sm">
        <span className="font-medium">{t("filters.search")}</span>
        <Input
          type="search"
          name="q"
          defaultValue={filters.q ?? ""}
          placeholder={t("filters.searchPlaceholder")}
        />
      </label>
      <label className="flex flex-col gap-1 text-sm">
        <span className="font-medium">{t("filters.status")}</span>
        <select
          name="status"
          defaultValue={filters.status ?? ""}
          className="h-10 rounded-lg border border-zinc-300 bg-white px-3 text-sm dark:border-zinc-700 dark:bg-ink-800"
        >
          <option value="">{t("filters.all")}</option>
          {EVENT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`status.${s}`)}
            </option>
          ))}
        </select>
      </label>
      <Button type="submit" variant="secondary">
        {t("filters.apply")}
      </Button>
    </form>
  );
}
