import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { PageHeader, RestrictedNotice } from "@/components/admin/page-header";
import { SystemStatus } from "@/components/status/system-status";
import { companyHasAudit, listCompanyAudit } from "@/lib/core/audit/queries";
import { parseAuditFilters } from "@/lib/core/audit/schemas";
import { untrustedProxySeen } from "@/lib/core/http/forwarded.cjs";
import { systemHealth } from "@/lib/features/health/system-health";
import { requireMembership } from "@/lib/platform/tenancy/guard";
import { can } from "@/lib/platform/access/permissions";

export async function generateMetadata({ params }: PageProps<"/[locale]/admin/status">): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: "status" });
  return { title: t("metaTitle") };
}

/**
 * System status: every service's health and the company's audit log, paged and filtered by the
 * URL (admins only).
 */
export default async function StatusPage({ params, searchParams }: PageProps<"/[locale]/admin/status">) {
  const { locale } = await params;
  setRequestLocale(locale);
  const membership = await requireMembership();
  const t = await getTranslations("status");
  if (!can(membership, "status.view")) {
    return (
      <>
        <PageHeader title={t("title")} />
        <RestrictedNotice message={t("onlyAdmins")} />
      </>
    );
  }
  const companyId = membership.company.id;
  const parsed = parseAuditFilters(await searchParams);
  const [report, audit, anyRow] = await Promise.all([
    systemHealth(),
    listCompanyAudit(companyId, parsed.filters),
    companyHasAudit(companyId),
  ]);
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <SystemStatus
        report={report}
        audit={{ ...audit, filters: parsed.filters, invalid: parsed.ok ? [] : parsed.invalid, anyRow }}
        untrustedProxy={untrustedProxySeen()}
      />
    </>
  );
}
