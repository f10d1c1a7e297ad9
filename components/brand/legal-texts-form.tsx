"use client";

import { ExternalLink } from "lucide-react";
import { useTranslations } from "next-intl";
import { SettingsSaveButton } from "@/components/admin/settings-save-button";
import { useFormAction } from "@/components/admin/use-form-action";
import { Field } from "@/components/ui/field";
import { Textarea } from "@/components/ui/input";
import { updateLegalTextsAction } from "@/lib/features/brand/actions";
import { LEGAL_TEXT_MAX } from "@/lib/features/brand/schemas";
import { Card } from "@/components/ui/card";

/** Settings → Legal texts: the company's own terms and privacy texts (safe Markdown, rendered publicly). */
export function LegalTextsForm({
  texts,
}: {
  texts: { slug: string; termsText: string | null; privacyText: string | null };
}) {
  const t = useTranslations("settings.branding.legal");
  const { onSubmit, pending, fieldError } = useFormAction(updateLegalTextsAction, {
    successMessage: () => t("saved"),
  });
  const fields = [
    { name: "termsText", label: t("terms"), value: texts.termsText, view: t("viewTerms"), path: "termos" },
    {
      name: "privacyText",
      label: t("privacy"),
      value: texts.privacyText,
      view: t("viewPrivacy"),
      path: "privacidade",
    },
  ] as const;
  return (
    <Card asChild className="flex max-w-3xl flex-col gap-5">
      <form onSubmit={onSubmit} noValidate aria-busy={pending}>
        <p className="text-sm text-zinc-700 dark:text-zinc-300">{t("help")}</p>
        {fields.map((f) => (
          <div key={f.name} className="flex flex-col gap-1.5">
            <Field label={f.label} error={fieldError(f.name)} hint={t("hint", { max: LEGAL_TEXT_MAX })}>
              <Textarea
                name={f.name}
                rows={12}
                defaultValue={f.value ?? ""}
                maxLength={LEGAL_TEXT_MAX}
                disabled={pending}
                className="font-mono text-sm"
              />
            </Field>
            {/* The public page as fans see it (a new tab: the form keeps what was typed). */}
            <a
              href={`/${texts.slug}/${f.path}`}
              target="_blank"
              rel="noopener"
              className="inline-flex items-center gap-1 self-start rounded text-sm text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-brand-400"
            >
              {f.view}
              <ExternalLink aria-hidden className="size-3.5" />
            </a>
          </div>
        ))}
        <SettingsSaveButton pending={pending} />
      </form>
    </Card>
  );
}
