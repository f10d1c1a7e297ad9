"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Field } from "@/components/ui/field";
import { fromLocalInput, toLocalInput } from "@/components/ui/datetime-local";
import { Input } from "@/components/ui/input";
import { VisibilityFields, type VisibilityValues } from "@/components/content/visibility-fields";

export interface GalleryAccessValues extends VisibilityValues {
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
      <VisibilityFields namespace="content.access" values={values} set={set} error={error} />
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
