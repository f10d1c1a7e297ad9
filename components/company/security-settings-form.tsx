"use client";

import { useTranslations } from "next-intl";
import { SettingsSaveButton } from "@/components/admin/settings-save-button";
import { useState, type FormEvent } from "react";
import { useFormAction } from "@/components/admin/use-form-action";
import { Checkbox } from "@/components/ui/checkbox";
import { updateSecuritySettingsAction } from "@/lib/features/company/actions";
import { Card } from "@/components/ui/card";

/** Settings → security: require two-factor authentication for administrators. */
export function SecuritySettingsForm({ requireAdminTwoFactor }: { requireAdminTwoFactor: boolean }) {
  const t = useTranslations("settings");
  const [required, setRequired] = useState(requireAdminTwoFactor);
  const { submitWith, pending } = useFormAction(null, { successMessage: () => t("saved") });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    submitWith(() => updateSecuritySettingsAction({ requireAdminTwoFactor: required }));
  }

  return (
    <Card asChild className="flex max-w-2xl flex-col gap-4">
      <form onSubmit={onSubmit} noValidate aria-busy={pending}>
        <div>
          <Checkbox
            name="requireAdminTwoFactor"
            label={t("security.requireAdminTwoFactor")}
            checked={required}
            onChange={(e) => setRequired(e.target.checked)}
            disabled={pending}
            aria-describedby="require-admin-two-factor-hint"
          />
          <p
            id="require-admin-two-factor-hint"
            className="mt-1 ml-6 text-sm text-zinc-600 dark:text-zinc-400"
          >
            {t("security.requireAdminTwoFactorHint")}
          </p>
        </div>
        <SettingsSaveButton pending={pending} />
      </form>
    </Card>
  );
}
