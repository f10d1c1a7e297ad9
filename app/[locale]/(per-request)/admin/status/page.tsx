import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { PageHeader, RestrictedNotice } from "@/components/admin/page-header";
import { SystemStatus } from "@/components/status/system-status";
import { listCompanyAudit } from "@/lib/core/audit/queries";
import { untrustedProxySeen } from "@/lib/core/http/forwarded.cjs";
import { checkHealth } from "@/lib/features/health/check-health";
import { requireMembership } from "@/lib/platform/tenancy/guard";
import { can } from "@/lib/platform/access/permissions";

export async function generateMetadata({ params }: PageProps<"/[locale]/admin/status">): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: "status" });
  return { title: t("metaTitle") };
}

/** System status: the services' health and the company's audit log (admins only). */
export default async function StatusPage({ params }: PageProps<"/[locale]/admin/status">) {
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
  const [health, audit] = await Promise.all([checkHealth(), listCompanyAudit(membership.company.id)]);
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <SystemStatus health={health} audit={audit} untrustedProxy={untrustedProxySeen()} />
    </>
  );
}
