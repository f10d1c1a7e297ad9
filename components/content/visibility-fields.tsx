"use client";

import { useTranslations } from "next-intl";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { optionsOf, Select } from "@/components/ui/select";
import {
  CONTENT_VISIBILITIES,
  GALLERY_PASSWORD_MAX,
  type ContentVisibilityValue,
} from "@/lib/features/content/schemas";

export interface VisibilityValues {
  visibility: ContentVisibilityValue;
  /** A new password; empty keeps the one set before. */
  accessPassword: string;
  /** A password is stored (the form never gets it back). */
  hasPassword: boolean;
}

/**
 * Who opens a gallery or an event (issue #36): everyone, whoever has the link (never listed nor
 * indexed), or whoever has the password, with the password field when it is one. The gallery
 * form (`GalleryAccessFields`) and the event form use it, each with its own texts (`namespace`:
 * `visibility`, `visibilityOption.*`, `visibilityHint.*`, `password`, `newPassword`,
 * `passwordHint`, `passwordKeptHint`).
 */
export function VisibilityFields({
  namespace,
  values,
  set,
  error,
}: {
  namespace: "content.access" | "events.access";
  values: VisibilityValues;
  set: (patch: Partial<VisibilityValues>) => void;
  error: (field: string) => string | undefined;
}) {
  const t = useTranslations(namespace);
  return (
    <>
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
    </>
  );
}
