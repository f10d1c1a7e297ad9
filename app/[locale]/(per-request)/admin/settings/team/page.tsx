import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { PageHeader } from "@/components/admin/page-header";
import { TeamSettings } from "@/components/team/team-settings";
import { requireMembership } from "@/lib/platform/tenancy/guard";
import { can } from "@/lib/platform/access/permissions";
import { listTeam } from "@/lib/features/team/queries";

export async function generateMetadata({
  params,
}: PageProps<"/[locale]/admin/settings/team">): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: "team" });
  return { title: t("metaTitle") };
}

/** Members and invitations; only an admin invites, revokes, changes roles or removes members. */
export default async function TeamPage({ params }: PageProps<"/[locale]/admin/settings/team">) {
  const { locale } = await params;
  setRequestLocale(locale);
  const membership = await requireMembership("settings.view");
  const [t, ts, { members, invitations }] = await Promise.all([
    getTranslations("team"),
    getTranslations("settings"),
    listTeam(membership.company.id),
  ]);
  return (
    <>
      <PageHeader
        title={t("title")}
        description={t("description")}
        back={{ href: "/admin/settings", label: ts("back") }}
      />
      <TeamSettings
        members={members}
        invitations={invitations}
        currentUserId={membership.userId}
        companyName={membership.company.name}
        isAdmin={can(membership, "team.manage")}
      />
    </>
  );
}
