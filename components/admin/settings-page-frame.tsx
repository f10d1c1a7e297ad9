import type { ReactNode } from "react";
import { getTranslations } from "next-intl/server";
import { PageHeader, RestrictedNotice } from "@/components/admin/page-header";
import { getCompanySettings, type CompanySettings } from "@/lib/features/company/queries";
import { requireMembership } from "@/lib/platform/tenancy/guard";
import type { Membership } from "@/lib/platform/tenancy/membership";
import { can } from "@/lib/platform/access/permissions";
import { loadFieldVersions } from "@/lib/features/translation/review";
import type { FieldVersions } from "@/lib/features/translation/review-types";

/**
 * The frame of every company-settings page (spec §6): only an admin edits company settings; a
 * manager sees the page's title and why not, and no form. `render` is only called for an admin.
 */
export async function SettingsPageFrame({
  title,
  description,
  render,
}: {
  title: string;
  description: string;
  render: (membership: Membership) => ReactNode | Promise<ReactNode>;
}) {
  const membership = await requireMembership("settings.view");
  const t = await getTranslations("settings");
  return (
    <>
      <PageHeader
        title={title}
        description={description}
        back={{ href: "/admin/settings", label: t("back") }}
      />
      {can(membership, "settings.edit") ? (
        await render(membership)
      ) : (
        <RestrictedNotice message={t("onlyAdmins")} />
      )}
    </>
  );
}

/**
 * `SettingsPageFrame` for a page of the company's own data (`settings.sections.*` title and
 * description): its form gets the company's settings, and on `translatable` pages the review
 * data of the company's translatable texts (issue #15).
 */
export async function CompanySettingsFrame({
  section,
  form,
  translatable = false,
}: {
  section: "companyData" | "landingPage" | "security";
  form: (company: CompanySettings, translations: FieldVersions[]) => ReactNode;
  translatable?: boolean;
}) {
  const t = await getTranslations("settings");
  return (
    <SettingsPageFrame
      title={t(`sections.${section}`)}
      description={t(`sections.${section}Description`)}
      render={async (membership) =>
        form(
          await getCompanySettings(membership.company.id),
          translatable ? await loadFieldVersions(membership, "company", membership.company.id) : [],
        )
      }
    />
  );
}
