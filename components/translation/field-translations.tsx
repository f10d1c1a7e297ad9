"use client";

import { ChevronRight } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { VersionCard } from "@/components/translation/version-card";
import { summarise } from "@/components/translation/review-status";
import type { FieldVersions } from "@/lib/features/translation/review-types";

/**
 * The review of one translatable field, next to it in its form (issue #15): a disclosure
 * "Translations (n)" opening the other locales' versions side by side (stacked on phones).
 * `versions` null = the loader has nothing for this field (an empty text, or none saved yet).
 * Every control is a `type="button"`: the panel sits inside the field's form and never submits it.
 */
export function FieldTranslations({ label, versions }: { label: string; versions: FieldVersions | null }) {
  const t = useTranslations("settings.languages.review");
  const tLanguage = useTranslations("language");
  const [open, setOpen] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const panelId = useId();
  if (!versions || !versions.sourceText) {
    return <p className="text-xs text-zinc-600 dark:text-zinc-400">{t("nothingYet")}</p>;
  }
  const { withText, attention } = summarise(versions.versions);
  return (
    <div className="flex flex-col gap-2" data-testid={`translations-${versions.field}`}>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className="inline-flex items-center gap-1 self-start rounded-md text-sm font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:text-brand-400"
      >
        <ChevronRight aria-hidden className={`size-4 transition-transform ${open ? "rotate-90" : ""}`} />
        {t("toggle", { count: withText })}
        <span className="sr-only">{` — ${label}`}</span>
        {attention > 0 && " "}
        {attention > 0 && (
          <span className="ml-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs text-amber-900 dark:bg-amber-950 dark:text-amber-200">
            {t("attention", { count: attention })}
          </span>
        )}
      </button>
      <div
        id={panelId}
        role="region"
        aria-label={t("regionLabel", { field: label })}
        hidden={!open}
        className="@container flex flex-col gap-3 rounded-xl bg-zinc-50 p-3 ring-1 ring-zinc-200 dark:bg-ink-900 dark:ring-zinc-800"
      >
        <p className="text-xs text-zinc-700 dark:text-zinc-300">
          {t("source", { language: tLanguage(versions.sourceLocale) })}{" "}
          <span lang={versions.sourceLocale} className="line-clamp-2 text-zinc-900 dark:text-zinc-100">
            {versions.sourceText}
          </span>
        </p>
        <ul className="grid grid-cols-1 gap-3 @xl:grid-cols-2 @[40rem]:grid-cols-3">
          {versions.versions.map((version) => (
            <li key={version.locale}>
              <VersionCard
                entity={versions.entity}
                entityId={versions.entityId}
                field={versions.field}
                fieldLabel={label}
                version={version}
                onAnnounce={setAnnouncement}
              />
            </li>
          ))}
        </ul>
      </div>
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}

/** On a create form: the versions are made once the text is saved. */
export function TranslationsLaterNote() {
  const t = useTranslations("settings.languages.review");
  return <p className="text-xs text-zinc-600 dark:text-zinc-400">{t("afterSaving")}</p>;
}
