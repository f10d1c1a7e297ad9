import { getTranslations } from "next-intl/server";
import { FilterField, FilterForm, FilterSelect } from "@/components/ui/filter-form";
import { Input } from "@/components/ui/input";
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
      <FilterField label={t("filters.from")} className="w-40">
        <Input type="date" name="from" defaultValue={filters.from ?? ""} />
      </FilterField>
      <FilterField label={t("filters.to")} className="w-40">
        <Input type="date" name="to" defaultValue={filters.to ?? ""} />
      </FilterField>
    </FilterForm>
  );
}
