import { getTranslations } from "next-intl/server";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { CONTENT_KINDS, CONTENT_STATUSES, type ContentListFilters } from "@/lib/content/schemas";

const select =
  "h-10 rounded-lg border border-zinc-300 bg-white px-3 text-sm dark:border-zinc-700 dark:bg-ink-800";

/** Filters as a plain GET form: works without JavaScript, and the URL can be shared. */
export async function ContentFilters({
  filters,
  events,
}: {
  filters: ContentListFilters;
  events: { id: string; name: string; date: string }[];
}) {
  const t = await getTranslations("content");
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
        <select name="status" defaultValue={filters.status ?? ""} className={select}>
          <option value="">{t("filters.all")}</option>
          {CONTENT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`status.${s}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-sm">
        <span className="font-medium">{t("filters.kind")}</span>
        <select name="kind" defaultValue={filters.kind ?? ""} className={select}>
          <option value="">{t("filters.all")}</option>
          {CONTENT_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`kind.${k}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-sm">
        <span className="font-medium">{t("filters.event")}</span>
        <select name="eventId" defaultValue={filters.eventId ?? ""} className={`${select} max-w-64`}>
          <option value="">{t("filters.allEvents")}</option>
          {events.map((e) => (
            <option key={e.id} value={e.id}>
              {e.name} ({e.date})
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
