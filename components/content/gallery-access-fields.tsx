"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Field } from "@/components/ui/field";
import { fromLocalInput, toLocalInput } from "@/components/ui/datetime-local";
import { Input } from "@/components/ui/input";
import { optionsOf, Select } from "@/components/ui/select";
import {
  CONTENT_VISIBILITIES,
  GALLERY_PASSWORD_MAX,
  type ContentVisibilityValue,
} from "@/lib/features/content/schemas";

export interface GalleryAccessValues {
  visibility: ContentVisibilityValue;
  /** A new password; empty keeps the one set before. */
  accessPassword: string;
  /** A password is stored (the form never gets it back). */
  hasPassword: boolean;
  /** ISO instant, or null for never. */
  expiresAt: string | null;
}

/**
 * Who opens a gallery (issue #36): everyone, whoever has the link (never listed nor indexed), or
 * whoever has the password; and when fans stop seeing it. The organiser's own time zone (the
 * browser's) is the one the date is typed and shown in.
 */
export function GalleryAccessFields({
  values,
  set,
  error,
}: {
  values: GalleryAccessValues;
  set: (patch: Partial<GalleryAccessValues>) => void;
  error: (field: string) => string | undefined;
}) {
  const t = useTranslations("content.access");
  // The moment the form opened: enough to tell a date already past (a render must not read the clock).
  const [openedAt] = useState(() => Date.now());
  const expired = values.expiresAt !== null && new Date(values.expiresAt).getTime() <= openedAt;
  return (
    <fieldset className="grid gap-5 sm:col-span-2 sm:grid-cols-2">
      <legend className="mb-2 text-sm font-medium">{t("legend")}</legend>
      <Field
        label={t("visibility")}
        hint={t(`visibilityHint.${values.visibility}`)}
        error={error("visibility")}
      >
        <Select
          value={values.visibility}
          onChange={(e) => set({ visibility: e.target.value as ContentVisibilityValue })}
          options={optionsOf(CONTENT_VISIBILITIES, (v) => t(`visibilityOption.${v}`))}
        />
      </Field>
      {values.visibility === "password" && (
        <Field
          label={values.hasPassword ? t("newPassword") : t("password")}
          hint={values.hasPassword ? t("passwordKeptHint") : t("passwordHint")}
          error={error("accessPassword")}
        >
          <Input
            type="password"
            autoComplete="new-password"
            value={values.accessPassword}
            onChange={(e) => set({ accessPassword: e.target.value })}
            maxLength={GALLERY_PASSWORD_MAX}
          />
        </Field>
      )}
      <Field
        label={t("expiresAt")}
        hint={expired ? t("expiredHint") : t("expiresAtHint")}
        error={error("expiresAt")}
      >
        <Input
          type="datetime-local"
          value={toLocalInput(values.expiresAt)}
          onChange={(e) => set({ expiresAt: fromLocalInput(e.target.value) })}
        />
      </Field>
    </fieldset>
  );
}
