import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import type { LeadFilterOptions } from "@/lib/leads/queries";
import { hasActiveFilters, type LeadFilters as Filters } from "@/lib/leads/schemas";

const select =
  "h-10 max-w-64 rounded-lg border border-zinc-300 bg-white px-3 text-sm dark:border-zinc-700 dark:bg-ink-800";

/** The leads filters as a plain GET form: works without JavaScript, and the URL can be shared. */
export async function LeadFilters({ filters, options }: { filters: Filters; options: LeadFilterOptions }) {
  const t = await getTranslations("admin.leads.filters");
  return (
    <form method="get" role="search" aria-label={t("label")} className="flex flex-wrap items-end gap-3">
      <label className="flex min-w-48 flex-1 flex-col gap-1 text-sm">
        <span className="font-medium">{t("search")}</span>
        <Input type="search" name="q" defaultValue={filters.q ?? ""} placeholder={t("searchPlaceholder")} />
      </label>
      <label className="flex flex-col gap-1 text-sm">
        <span className="font-medium">{t("content")}</span>
        <select name="contentId" defaultValue={filters.contentId ?? ""} className={select}>
          <option value="">{t("allContent")}</option>
          {options.contents.map((c) => (
            <option key={c.id} value={c.id}>
              {c.title}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-sm">
        <span className="font-medium">{t("event")}</span>
        <select name="eventId" defaultValue={filters.eventId ?? ""} className={select}>
          <option value="">{t("allEvents")}</option>
          {options.events.map((e) => (
            <option key={e.id} value={e.id}>
              {e.name}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-sm">
        <span className="font-medium">{t("from")}</span>
        <Input type="date" name="from" defaultValue={filters.from ?? ""} className="w-40" />
      </label>
      <label className="flex flex-col gap-1 text-sm">
        <span className="font-medium">{t("to")}</span>
        <Input type="date" name="to" defaultValue={filters.to ?? ""} className="w-40" />
      </label>
      <Button type="submit" variant="secondary">
        {t("apply")}
      </Button>
      {hasActiveFilters(filters) && (
        <Button asChild variant="ghost">
          <Link href="/admin/leads">{t("clear")}</Link>
        </Button>
      )}
    </form>
  );
}
