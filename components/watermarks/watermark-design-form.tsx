"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { SettingsSaveButton } from "@/components/admin/settings-save-button";
import { useFormAction } from "@/components/admin/use-form-action";
import { Card } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { WatermarkPlanNote } from "@/components/watermarks/plan-note";
import { saveWatermarkDesignAction } from "@/lib/features/watermarks/actions";
import type { WatermarkSettings } from "@/lib/features/watermarks/queries";
import {
  WATERMARK_EDGES,
  WATERMARK_KINDS,
  WATERMARK_OPACITY,
  WATERMARK_POSITIONS,
  WATERMARK_SIZE,
  WATERMARK_TEXT_MAX,
} from "@/lib/platform/media/watermark/design";

/**
 * Settings → Watermark (issue #36): the company's mark for the galleries it watermarks — its
 * logo or a text, where, how large and how opaque. Saving queues the redraw of every watermarked
 * gallery; each gallery's page shows its progress.
 */
export function WatermarkDesignForm({ settings }: { settings: WatermarkSettings }) {
  const t = useTranslations("watermarks.design");
  const { onSubmit, pending, fieldError } = useFormAction(saveWatermarkDesignAction, {
    successMessage: (data) => t("saved", { count: data.queued }),
  });
  const [kind, setKind] = useState(settings.design.kind);
  const locked = !settings.allowed;
  const disabled = pending || locked;
  const { design } = settings;

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={pending} className="flex max-w-2xl flex-col gap-6">
      {locked && <WatermarkPlanNote />}
      <Card className="flex flex-col gap-4">
        <fieldset disabled={disabled}>
          <legend className="text-sm font-medium text-zinc-800 dark:text-zinc-200">{t("kind.legend")}</legend>
          <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:gap-6">
            {WATERMARK_KINDS.map((value) => (
              <label key={value} className="flex items-center gap-2">
                <input
                  type="radio"
                  name="kind"
                  value={value}
                  checked={kind === value}
                  onChange={() => setKind(value)}
                  className="size-4 accent-brand-600"
                />
                {t(`kind.${value}`)}
              </label>
            ))}
          </div>
          {kind === "logo" && !settings.hasLogo && (
            <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">{t("kind.noLogo")}</p>
          )}
        </fieldset>
        <Field label={t("text")} hint={t("textHint")} error={fieldError("text")}>
          <Input name="text" defaultValue={design.text} maxLength={WATERMARK_TEXT_MAX} disabled={disabled} />
        </Field>
        <Field label={t("position.label")} error={fieldError("position")}>
          <Select
            name="position"
            defaultValue={design.position}
            disabled={disabled}
            options={WATERMARK_POSITIONS.map((value) => ({ value, label: t(`position.${value}`) }))}
          />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label={t("size")}
            hint={t("sizeHint", { min: WATERMARK_SIZE.min, max: WATERMARK_SIZE.max })}
            error={fieldError("size")}
          >
            <Input
              name="size"
              type="number"
              inputMode="numeric"
              min={WATERMARK_SIZE.min}
              max={WATERMARK_SIZE.max}
              defaultValue={design.size}
              disabled={disabled}
            />
          </Field>
          <Field label={t("edge.label")} error={fieldError("edge")}>
            <Select
              name="edge"
              defaultValue={design.edge}
              disabled={disabled}
              options={WATERMARK_EDGES.map((value) => ({ value, label: t(`edge.${value}`) }))}
            />
          </Field>
        </div>
        <Field
          label={t("opacity")}
          hint={t("opacityHint", { min: WATERMARK_OPACITY.min, max: WATERMARK_OPACITY.max })}
          error={fieldError("opacity")}
        >
          <Input
            name="opacity"
            type="number"
            inputMode="numeric"
            min={WATERMARK_OPACITY.min}
            max={WATERMARK_OPACITY.max}
            defaultValue={design.opacity}
            disabled={disabled}
          />
        </Field>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("sponsorHint")}</p>
      </Card>
      {!locked && <SettingsSaveButton pending={pending} />}
    </form>
  );
}
