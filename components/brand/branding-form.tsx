"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { BrandPreview } from "@/components/brand/brand-preview";
import { ColorField } from "@/components/brand/color-field";
import { LogoField } from "@/components/brand/logo-field";
import { SettingsSaveButton } from "@/components/admin/settings-save-button";
import { useFormAction } from "@/components/admin/use-form-action";
import { updateBrandingAction } from "@/lib/features/brand/actions";
import { DEFAULT_ACCENT, DEFAULT_BRAND } from "@/lib/features/brand/colors";
import type { BrandingSettings } from "@/lib/features/brand/queries";
import { COLOR_SCHEMES, type ColorScheme } from "@/lib/features/brand/schemas";
import { TEMPLATES, type TemplateId } from "@/lib/features/brand/templates";
import { Card, CardSection } from "@/components/ui/card";

/** The plans page (`SUBSCRIPTION_PATH` of lib/platform/plans/gate.ts, which is server code). */
const SUBSCRIPTION_PATH = "/admin/subscription";

/**
 * Settings → Branding. The logo is every plan's; colours, light/dark behaviour and template
 * need `customBranding` (disabled controls, which the form then does not send, and a link to
 * the plans; the server refuses them anyway). The preview follows every keystroke and pick.
 */
export function BrandingForm({ settings }: { settings: BrandingSettings }) {
  const t = useTranslations("settings.branding");
  const { onSubmit, pending, fieldError } = useFormAction(updateBrandingAction, {
    successMessage: () => t("saved"),
  });
  const [logoUrl, setLogoUrl] = useState(settings.logoUrl);
  const [brandColor, setBrandColor] = useState(settings.brandColor ?? "");
  const [accentColor, setAccentColor] = useState(settings.accentColor ?? "");
  const [colorScheme, setColorScheme] = useState<ColorScheme>(settings.colorScheme);
  const [template, setTemplate] = useState<TemplateId>(settings.template);
  const locked = !settings.customBranding;
  const gated = pending || locked;

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-busy={pending}
      className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]"
    >
      <div className="flex min-w-0 flex-col gap-6">
        <Card className="flex flex-col gap-4">
          <LogoField savedUrl={settings.logoUrl} onPreview={setLogoUrl} disabled={pending} />
        </Card>

        <Card className="flex flex-col gap-4">
          {locked && (
            <div
              role="note"
              className="rounded-xl bg-amber-50 p-4 text-sm text-amber-900 dark:bg-amber-500/10 dark:text-amber-100"
            >
              <p className="font-semibold">{t("plan.title")}</p>
              <p className="mt-1">{t("plan.message")}</p>
              <Link
                href={SUBSCRIPTION_PATH}
                className="mt-2 inline-block font-semibold underline focus-visible:outline-2 focus-visible:outline-brand-500"
              >
                {t("plan.link")}
              </Link>
            </div>
          )}
          <fieldset className="flex flex-col gap-4" disabled={gated}>
            <legend className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
              {t("colors.legend")}
            </legend>
            <ColorField
              name="brandColor"
              label={t("colors.brand")}
              value={brandColor}
              fallback={DEFAULT_BRAND}
              onChange={setBrandColor}
              error={fieldError("brandColor")}
              disabled={gated}
            />
            <ColorField
              name="accentColor"
              label={t("colors.accent")}
              value={accentColor}
              fallback={DEFAULT_ACCENT}
              onChange={setAccentColor}
              error={fieldError("accentColor")}
              disabled={gated}
            />
          </fieldset>

          <fieldset disabled={gated}>
            <legend className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
              {t("scheme.legend")}
            </legend>
            <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:gap-6">
              {COLOR_SCHEMES.map((scheme) => (
                <label key={scheme} className="flex items-center gap-2">
                  <input
                    type="radio"
                    name="colorScheme"
                    value={scheme}
                    checked={colorScheme === scheme}
                    onChange={() => setColorScheme(scheme)}
                    className="size-4 accent-brand-600"
                  />
                  {t(`scheme.${scheme}`)}
                </label>
              ))}
            </div>
          </fieldset>

          <fieldset disabled={gated}>
            <legend className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
              {t("template.legend")}
            </legend>
            <div className="mt-2 grid gap-2">
              {TEMPLATES.map((id) => (
                <label
                  key={id}
                  className="flex cursor-pointer items-start gap-3 rounded-xl p-3 ring-1 ring-zinc-200 has-checked:ring-2 has-checked:ring-brand-600 has-focus-visible:outline-2 has-focus-visible:outline-brand-500 has-disabled:cursor-not-allowed dark:ring-zinc-700"
                >
                  <input
                    type="radio"
                    name="template"
                    value={id}
                    checked={template === id}
                    onChange={() => setTemplate(id)}
                    aria-describedby={`template-${id}-description`}
                    className="mt-1 size-4 accent-brand-600"
                  />
                  <span>
                    <span className="block font-semibold">{t(`template.${id}.name`)}</span>
                    <span
                      id={`template-${id}-description`}
                      className="block text-sm text-zinc-600 dark:text-zinc-400"
                    >
                      {t(`template.${id}.description`)}
                    </span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
        </Card>
        <SettingsSaveButton pending={pending} />
      </div>

      <CardSection
        id="brand-preview-title"
        title={t("preview.title")}
        titleClassName="font-semibold"
        description={t("preview.hint")}
        className="flex flex-col gap-4 self-start lg:sticky lg:top-4"
      >
        <BrandPreview
          values={{
            name: settings.name,
            logoUrl,
            // Without the plan the public pages show the platform's look, whatever is stored.
            ...(locked
              ? { brandColor: "", accentColor: "", colorScheme: "system", template: "classic" }
              : { brandColor, accentColor, colorScheme, template }),
          }}
        />
      </CardSection>
    </form>
  );
}
