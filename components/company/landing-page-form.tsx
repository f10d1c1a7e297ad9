"use client";

import { useTranslations } from "next-intl";
import { SettingsSaveButton } from "@/components/admin/settings-save-button";
import { useFormAction } from "@/components/admin/use-form-action";
import { Field } from "@/components/ui/field";
import { Input, Textarea } from "@/components/ui/input";
import { updateLandingPageAction } from "@/lib/features/company/actions";
import type { CompanySettings } from "@/lib/features/company/queries";
import { FieldTranslations } from "@/components/translation/field-translations";
import { versionsOf } from "@/components/translation/review-status";
import type { FieldVersions } from "@/lib/features/translation/review-types";
import { Card } from "@/components/ui/card";

/** Settings → landing page: the public page's title, description, display mode, promotion link. */
export function LandingPageForm({
  company,
  translations,
}: {
  company: CompanySettings;
  translations: FieldVersions[];
}) {
  const t = useTranslations("settings");
  const { onSubmit, pending, fieldError } = useFormAction(updateLandingPageAction, {
    successMessage: () => t("saved"),
  });
  return (
    <Card asChild className="flex max-w-2xl flex-col gap-4">
      <form onSubmit={onSubmit} noValidate aria-busy={pending}>
        <Field label={t("landing.landingPageName")} error={fieldError("landingPageName")}>
          <Input
            name="landingPageName"
            lang={company.sourceLocale}
            defaultValue={company.landingPageName ?? ""}
            disabled={pending}
          />
        </Field>
        <FieldTranslations
          label={t("landing.landingPageName")}
          versions={versionsOf(translations, "landingPageName")}
        />
        <Field label={t("landing.landingPageDescription")} error={fieldError("landingPageDescription")}>
          <Textarea
            name="landingPageDescription"
            rows={4}
            lang={company.sourceLocale}
            defaultValue={company.landingPageDescription ?? ""}
            disabled={pending}
          />
        </Field>
        <FieldTranslations
          label={t("landing.landingPageDescription")}
          versions={versionsOf(translations, "landingPageDescription")}
        />
        <fieldset>
          <legend className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
            {t("landing.landingPageDisplayMode")}
          </legend>
          <div className="mt-2 flex gap-6">
            {(["events", "galleries"] as const).map((mode) => (
              <label key={mode} className="flex items-center gap-2">
                <input
                  type="radio"
                  name="landingPageDisplayMode"
                  value={mode}
                  defaultChecked={company.landingPageDisplayMode === mode}
                  disabled={pending}
                  className="size-4 accent-brand-600"
                />
                {t(`landing.${mode}`)}
              </label>
            ))}
          </div>
        </fieldset>
        <Field
          label={t("landing.promotionUrl")}
          error={fieldError("promotionUrl")}
          hint={t("company.urlHint")}
        >
          <Input
            name="promotionUrl"
            type="url"
            defaultValue={company.promotionUrl ?? ""}
            disabled={pending}
          />
        </Field>
        <SettingsSaveButton pending={pending} />
      </form>
    </Card>
  );
}
