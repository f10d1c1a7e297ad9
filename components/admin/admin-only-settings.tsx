import type { ReactNode } from "react";
import { getTranslations } from "next-intl/server";
import { PageHeader, RestrictedNotice } from "@/components/admin/page-header";
import { getCompanySettings, type CompanySettings } from "@/lib/company/queries";
import { requireMembership } from "@/lib/tenancy/guard";
import { can } from "@/lib/tenancy/permissions";
import { loadFieldVersions } from "@/lib/translation/review";
import type { FieldVersions } from "@/lib/translation/review-types";

/**
 * A company-settings page (spec §6): only admin edits company settings; a manager sees why
 * not, and no form. `section` names the `settings.sections.*` title and description keys;
 * `translatable` pages also get the review data of the company's translatable texts (issue #15).
 */
export async function AdminOnlySettings({
  section,
  form,
  translatable = false,
}: {
  section: "companyData" | "landingPage" | "security";
  form: (company: CompanySettings, translations: FieldVersions[]) => ReactNode;
  translatable?: boolean;
}) {
  const membership = await requireMembership("settings.view");
  const t = await getTranslations("settings");
  return (
    <>
      <PageHeader
        title={t(`sections.${section}`)}
        description={t(`sections.${section}Description`)}
        back={{ href: "/admin/settings", label: t("back") }}
      />
      {can(membership, "settings.edit") ? (
        form(
          await getCompanySettings(membership.company.id),
          translatable ? await loadFieldVersions(membership, "company", membership.company.id) : [],
        )
      ) : (
        <RestrictedNotice message={t("onlyAdmins")} />
      )}
    </>
  );
}
