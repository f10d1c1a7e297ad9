"use client";

import { useTranslations } from "next-intl";
import { SettingsSaveButton } from "@/components/admin/settings-save-button";
import type { ReactNode } from "react";
import { useFormAction } from "@/components/admin/use-form-action";
import { Field } from "@/components/ui/field";
import { Input, Textarea } from "@/components/ui/input";
import { optionsOf, Select } from "@/components/ui/select";
import { updateCompanyDataAction } from "@/lib/features/company/actions";
import type { CompanySettings } from "@/lib/features/company/queries";
import { employeeCountLabels, employeeCounts } from "@/lib/features/company/schemas";
import { FieldTranslations } from "@/components/translation/field-translations";
import { versionsOf } from "@/components/translation/review-status";
import type { FieldVersions } from "@/lib/features/translation/review-types";
import { Card } from "@/components/ui/card";

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card asChild>
      <fieldset>
        <legend className="px-1 text-lg font-semibold">{title}</legend>
        <div className="mt-2 grid gap-4 md:grid-cols-2">{children}</div>
      </fieldset>
    </Card>
  );
}

/** Settings → company data (admin only; the page does not render it for others). */
export function CompanyDataForm({
  company,
  translations,
}: {
  company: CompanySettings;
  translations: FieldVersions[];
}) {
  const t = useTranslations("settings");
  const { onSubmit, pending, fieldError } = useFormAction(updateCompanyDataAction, {
    successMessage: () => t("saved"),
  });
  const text = (
    name: keyof CompanySettings,
    props: { type?: string; autoComplete?: string; hint?: string } = {},
  ) => (
    <Field label={t(`company.${name}`)} error={fieldError(name)} hint={props.hint}>
      <Input
        name={name}
        type={props.type ?? "text"}
        autoComplete={props.autoComplete ?? "off"}
        defaultValue={(company[name] as string | null) ?? ""}
        disabled={pending}
      />
    </Field>
  );

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6" aria-busy={pending}>
      <Section title={t("company.general")}>
        {text("name", { autoComplete: "organization" })}
        {text("website", { type: "url", hint: t("company.urlHint") })}
        <div className="md:col-span-2">
          <Field
            label={t("company.description")}
            error={fieldError("description")}
            hint={t("company.descriptionHint")}
          >
            <Textarea
              name="description"
              lang={company.sourceLocale}
              rows={5}
              defaultValue={company.description ?? ""}
              disabled={pending}
            />
          </Field>
          <FieldTranslations
            label={t("company.description")}
            versions={versionsOf(translations, "description")}
          />
        </div>
      </Section>
      <Section title={t("company.contact")}>
        {text("primaryEmail", { type: "email", autoComplete: "email" })}
        {text("phone", { type: "tel", autoComplete: "tel" })}
      </Section>
      <Section title={t("company.addressSection")}>
        {text("address", { autoComplete: "street-address" })}
        {text("city", { autoComplete: "address-level2" })}
        {text("state", { autoComplete: "address-level1" })}
        {text("zipCode", { autoComplete: "postal-code" })}
        {text("country", { autoComplete: "country-name" })}
      </Section>
      <Section title={t("company.business")}>
        {text("registrationNumber")}
        {text("industry")}
        <Field label={t("company.employeeCount")} error={fieldError("employeeCount")}>
          <Select
            name="employeeCount"
            defaultValue={company.employeeCount ?? ""}
            disabled={pending}
            emptyLabel={t("company.notSpecified")}
            options={optionsOf(employeeCounts, (value) => employeeCountLabels[value])}
          />
        </Field>
      </Section>
      <Section title={t("company.social")}>
        {(
          [
            "facebookUrl",
            "instagramUrl",
            "linkedinUrl",
            "twitterUrl",
            "youtubeUrl",
            "tiktokUrl",
            "whatsappUrl",
          ] as const
        ).map((name) => (
          <div key={name}>{text(name, { type: "url" })}</div>
        ))}
      </Section>
      <SettingsSaveButton pending={pending} />
    </form>
  );
}
