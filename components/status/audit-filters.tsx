import { getTranslations } from "next-intl/server";
import { DateRangeFields, FilterForm, FilterSelect } from "@/components/ui/filter-form";
import { AUDIT_ACTIONS, hasAuditFilters, type AuditFilters as Filters } from "@/lib/core/audit/schemas";

/** The audit log's filters (a `FilterForm`: GET, so the URL keeps them), with a reset once one is active. */
export async function AuditFilters({ filters }: { filters: Filters }) {
  const t = await getTranslations("status");
  return (
    <FilterForm
      label={t("filters.label")}
      applyLabel={t("filters.apply")}
      reset={hasAuditFilters(filters) ? { href: "/admin/status", label: t("filters.clear") } : undefined}
    >
      <FilterSelect
        label={t("filters.action")}
        name="action"
        value={filters.action}
        allLabel={t("filters.allActions")}
        className="max-w-64"
        options={AUDIT_ACTIONS.map((action) => ({ value: action, label: t(`actions.${action}`) }))}
      />
      <DateRangeFields
        labels={{ from: t("filters.from"), to: t("filters.to") }}
        from={filters.from}
        to={filters.to}
      />
    </FilterForm>
  );
}
