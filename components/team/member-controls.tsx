"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { optionsOf, Select } from "@/components/ui/select";
import type { Role } from "@/lib/generated/prisma/enums";
import { changeMemberRoleAction, removeMemberAction } from "@/lib/features/team/actions";
import { clearLocalSettings } from "@/lib/platform/auth/client";
import { memberRoles } from "@/lib/features/team/schemas";

interface Member {
  userId: string;
  displayName: string;
  role: Role;
}

/**
 * An admin's cells on one member's row of the Team page: the role (chosen in the role cell, then
 * confirmed) and removal (confirmed). On their own row the removal reads "Leave the company" and
 * both dialogs say the caller loses access; the server refuses either for the last administrator.
 */
export function MemberControls({
  member,
  isSelf,
  companyName,
}: {
  member: Member;
  isSelf: boolean;
  companyName: string;
}) {
  const t = useTranslations();
  const router = useRouter();
  const [chosen, setChosen] = useState<Role>(member.role);
  const name = member.displayName;
  const roleName = (role: Role) => t(`team.roles.${role}`);

  const changeRole = async () => {
    const result = await changeMemberRoleAction(member.userId, chosen);
    if (!result.ok) {
      toast.error(t(result.message, result.values));
      return false;
    }
    toast.success(t("team.roleChanged", { name, role: roleName(chosen) }));
    return true;
  };

  const remove = async () => {
    const result = await removeMemberAction(member.userId);
    if (!result.ok) {
      toast.error(t(result.message, result.values));
      return false;
    }
    if (!result.data.self) {
      toast.success(t("team.removed", { name }));
      return true;
    }
    // Leaving ended the caller's own sessions too: as after signing out, off to the start.
    clearLocalSettings();
    toast.success(t("team.left", { company: companyName }));
    router.replace("/");
    router.refresh();
    return true;
  };

  return (
    <>
      <td className="py-2 pr-4">
        <Select
          size="sm"
          aria-label={t("team.roleOf", { name })}
          value={chosen}
          onChange={(event) => setChosen(event.target.value as Role)}
          options={optionsOf(memberRoles, roleName)}
        />
      </td>
      <td className="py-2">
        <div className="flex flex-wrap items-center justify-end gap-2">
          {chosen === member.role ? (
            <Button
              type="button"
              variant="secondary"
              size="sm"
              className="disabled:opacity-60"
              disabled
              aria-label={`${t("team.changeRole")}: ${name}`}
            >
              {t("team.changeRole")}
            </Button>
          ) : (
            <ConfirmButton
              variant="secondary"
              title={t("team.changeRoleTitle", { name })}
              message={
                isSelf && member.role === "admin"
                  ? t("team.changeOwnRoleMessage", { role: roleName(chosen) })
                  : t("team.changeRoleMessage", { name, from: roleName(member.role), to: roleName(chosen) })
              }
              confirmLabel={t("team.changeRoleConfirm", { role: roleName(chosen) })}
              onConfirm={changeRole}
              trigger={
                <Button
                  type="button"
                  variant="secondary"
                  size="sm"
                  aria-label={`${t("team.changeRole")}: ${name}`}
                >
                  {t("team.changeRole")}
                </Button>
              }
            />
          )}
          <ConfirmButton
            title={isSelf ? t("team.leaveTitle", { company: companyName }) : t("team.removeTitle", { name })}
            message={
              isSelf
                ? t("team.leaveMessage", { company: companyName })
                : t("team.removeMessage", { name, company: companyName })
            }
            confirmLabel={isSelf ? t("team.leave") : t("team.remove")}
            onConfirm={remove}
            trigger={
              <Button
                type="button"
                variant="danger"
                size="sm"
                aria-label={isSelf ? undefined : `${t("team.remove")}: ${name}`}
              >
                {isSelf ? t("team.leave") : t("team.remove")}
              </Button>
            }
          />
        </div>
      </td>
    </>
  );
}
