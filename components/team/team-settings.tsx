import { getFormatter, getTranslations } from "next-intl/server";
import { RestrictedNotice } from "@/components/admin/page-header";
import { InviteForm } from "@/components/team/invite-form";
import { MemberControls } from "@/components/team/member-controls";
import { RevokeInvitationButton } from "@/components/team/revoke-invitation-button";
import { CardSection } from "@/components/ui/card";
import { Table, TableBody, TableHead, TableRow } from "@/components/ui/table";
import type { PendingInvitation, TeamMember } from "@/lib/features/team/queries";
import { cx } from "@/lib/core/join-classes";

/**
 * Settings → team: the invite form (an admin's; everyone else is told why not), the members
 * with their roles, which an admin may change or remove (each confirmed), and the pending
 * invitations, which an admin may revoke.
 */
export async function TeamSettings({
  members,
  invitations,
  currentUserId,
  companyName,
  isAdmin,
}: {
  members: TeamMember[];
  invitations: PendingInvitation[];
  currentUserId: string;
  companyName: string;
  isAdmin: boolean;
}) {
  const [t, format] = await Promise.all([getTranslations("team"), getFormatter()]);
  return (
    <div className="flex flex-col gap-6">
      {isAdmin ? (
        <CardSection id="invite-title" title={t("inviteTitle")} titleClassName="mb-4 text-lg font-semibold">
          <InviteForm />
        </CardSection>
      ) : (
        <RestrictedNotice message={t("onlyAdmins")} />
      )}

      <CardSection id="members-title" title={t("members")} titleClassName="mb-4 text-lg font-semibold">
        <Table variant="plain">
          <TableHead variant="plain" className="text-zinc-500">
            {(["name", "email", "role"] as const).map((column) => (
              <th
                key={column}
                scope="col"
                className={cx("py-2 font-medium", (column !== "role" || isAdmin) && "pr-4")}
              >
                {t(column)}
              </th>
            ))}
            {isAdmin && (
              <th scope="col" className="py-2 text-right font-medium">
                {t("actions")}
              </th>
            )}
          </TableHead>
          <TableBody variant="plain">
            {members.map((m) => (
              <TableRow key={m.userId} look="ruled">
                <td className="py-2 pr-4">
                  {m.displayName}
                  {m.userId === currentUserId && <span className="text-zinc-500"> ({t("you")})</span>}
                </td>
                <td className="py-2 pr-4 break-all">{m.email}</td>
                {isAdmin ? (
                  <MemberControls member={m} isSelf={m.userId === currentUserId} companyName={companyName} />
                ) : (
                  <td className="py-2">{t(`roles.${m.role}`)}</td>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardSection>

      <CardSection
        id="invitations-title"
        title={t("invitations")}
        titleClassName="mb-4 text-lg font-semibold"
      >
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
      </CardSection>
    </div>
  );
}
