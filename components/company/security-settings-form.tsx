"use client";

import { useTranslations } from "next-intl";
import { SettingsSaveButton } from "@/components/admin/settings-save-button";
import { useState, type FormEvent } from "react";
import { useFormAction } from "@/components/admin/use-form-action";
import { updateSecuritySettingsAction } from "@/lib/features/company/actions";
import { Card } from "@/components/ui/card";
import type { TwoFactorRequirement } from "@/lib/generated/prisma/enums";
import { TWO_FACTOR_REQUIREMENTS } from "@/lib/platform/access/two-factor-policy";

const LABEL_KEY = {
  off: "security.twoFactorOff",
  admins: "security.twoFactorAdmins",
  everyone: "security.twoFactorEveryone",
} as const satisfies Record<TwoFactorRequirement, string>;

/** Settings → security: who must use two-factor authentication (nobody, admins, everyone). */
export function SecuritySettingsForm({ twoFactorRequired }: { twoFactorRequired: TwoFactorRequirement }) {
  const t = useTranslations("settings");
  const [required, setRequired] = useState<TwoFactorRequirement>(twoFactorRequired);
  const { submitWith, pending } = useFormAction(null, { successMessage: () => t("saved") });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    submitWith(() => updateSecuritySettingsAction({ twoFactorRequired: required }));
  }

  return (
    <Card asChild className="flex max-w-2xl flex-col gap-4">
      <form onSubmit={onSubmit} noValidate aria-busy={pending}>
        <fieldset aria-describedby="two-factor-required-hint">
          <legend className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
            {t("security.twoFactorLegend")}
          </legend>
          <div className="mt-2 flex flex-col gap-2">
            {TWO_FACTOR_REQUIREMENTS.map((value) => (
              <label key={value} className="flex items-center gap-2">
                <input
                  type="radio"
                  name="twoFactorRequired"
                  value={value}
                  checked={required === value}
                  onChange={() => setRequired(value)}
                  disabled={pending}
                  className="size-4 accent-brand-600"
                />
                {t(LABEL_KEY[value])}
              </label>
            ))}
          </div>
          <p id="two-factor-required-hint" className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
            {t("security.twoFactorHint")}
          </p>
        </fieldset>
        <SettingsSaveButton pending={pending} />
      </form>
    </Card>
  );
}
