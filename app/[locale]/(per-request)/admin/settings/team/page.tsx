import type { Metadata } from "next";
import { getFormatter, getTranslations, setRequestLocale } from "next-intl/server";
import { InviteForm } from "@/components/team/invite-form";
import { PageHeader, RestrictedNotice } from "@/components/admin/page-header";
import { RevokeInvitationButton } from "@/components/team/revoke-invitation-button";
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

/** Members and invitations; only an admin invites or revokes. */
export default async function TeamPage({ params }: PageProps<"/[locale]/admin/settings/team">) {
  const { locale } = await params;
  setRequestLocale(locale);
  const membership = await requireMembership("settings.view");
  const [t, ts, format] = await Promise.all([
    getTranslations("team"),
    getTranslations("settings"),
    getFormatter(),
  ]);
  const { members, invitations } = await listTeam(membership.company.id);
  const isAdmin = can(membership, "team.manage");
  const card = "rounded-2xl bg-white p-5 shadow-sm ring-1 ring-zinc-200 dark:bg-ink-800 dark:ring-zinc-800";

  return (
    <>
      <PageHeader
        title={t("title")}
        description={t("description")}
        back={{ href: "/admin/settings", label: ts("back") }}
      />
      <div className="flex flex-col gap-6">
        {isAdmin ? (
          <section aria-labelledby="invite-title" className={card}>
            <h2 id="invite-title" className="mb-4 text-lg font-semibold">
              {t("inviteTitle")}
            </h2>
            <InviteForm />
          </section>
        ) : (
          <RestrictedNotice message={t("onlyAdmins")} />
        )}

        <section aria-labelledby="members-title" className={card}>
          <h2 id="members-title" className="mb-4 text-lg font-semibold">
            {t("members")}
          </h2>
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="text-zinc-500">
                <tr>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    {t("name")}
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    {t("email")}
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    {t("role")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {members.map((m) => (
                  <tr key={m.userId} className="border-t border-zinc-100 dark:border-zinc-800">
                    <td className="py-2 pr-4">
                      {m.displayName}
                      {m.userId === membership.userId && <span className="text-zinc-500"> ({t("you")})</span>}
                    </td>
                    <td className="py-2 pr-4 break-all">{m.email}</td>
                    <td className="py-2">{t(`roles.${m.role}`)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>

        <section aria-labelledby="invitations-title" className={card}>
          <h2 id="invitations-title" className="mb-4 text-lg font-semibold">
            {t("invitations")}
          </h2>
          {invitations.length === 0 ? (
            <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("noInvitations")}</p>
          ) : (
            <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
              {invitations.map((i) => (
                <li key={i.id} className="flex flex-wrap items-center justify-between gap-3 py-2 text-sm">
                  <span className="break-all">
                    {i.email} · {t(`roles.${i.role}`)} ·{" "}
                    <span className={i.expired ? "text-red-600 dark:text-red-400" : "text-zinc-500"}>
                      {i.expired
                        ? t("expired")
                        : t("expiresOn", { date: format.dateTime(i.expiresAt, { dateStyle: "medium" }) })}
                    </span>
                  </span>
                  {isAdmin && <RevokeInvitationButton invitationId={i.id} email={i.email} />}
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </>
  );
}
