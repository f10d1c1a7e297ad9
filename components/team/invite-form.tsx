"use client";

import { useTranslations } from "next-intl";
import { useFormAction } from "@/components/admin/use-form-action";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { optionsOf, Select } from "@/components/ui/select";
import { invitableRoles } from "@/lib/features/team/schemas";
import { inviteMemberAction } from "@/lib/features/team/actions";

export function InviteForm() {
  const t = useTranslations("team");
  const { onSubmit, pending, fieldError } = useFormAction(inviteMemberAction, {
    successMessage: ({ email }) => t("invited", { email }),
    onSuccess: (_data, form) => form?.reset(),
  });
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-busy={pending}
      className="grid gap-4 sm:grid-cols-[1fr_12rem_auto] sm:items-end"
    >
      <Field label={t("email")} error={fieldError("email")}>
        <Input name="email" type="email" autoComplete="off" required disabled={pending} />
      </Field>
      <Field label={t("role")} error={fieldError("role")}>
        <Select
          name="role"
          defaultValue="manager"
          disabled={pending}
          options={optionsOf(invitableRoles, (role) => t(`roles.${role}`))}
        />
      </Field>
      <Button type="submit" disabled={pending}>
        {t("inviteSubmit")}
      </Button>
    </form>
  );
}
