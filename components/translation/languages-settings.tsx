"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useId, useState, useTransition, type ReactNode } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { Field } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import { locales, type Locale } from "@/lib/core/i18n/config";
import { setSourceLocaleAction, translateEverythingAction } from "@/lib/features/translation/actions";
import type { EngineName } from "@/lib/features/translation/review-types";
import { CardSection } from "@/components/ui/card";

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <CardSection id={id} title={title} className="flex flex-col gap-3">
      {children}
    </CardSection>
  );
}

/** Settings → Languages: the company's source language, the active engine, translate everything. */
export function LanguagesSettings({ sourceLocale, engine }: { sourceLocale: Locale; engine: EngineName }) {
  const t = useTranslations("settings.languages");
  const tRoot = useTranslations();
  const router = useRouter();
  const [chosen, setChosen] = useState<Locale>(sourceLocale);
  const [status, setStatus] = useState("");
  const [pending, start] = useTransition();
  const noEngineId = useId();
  const language = (locale: Locale) => tRoot(`language.${locale}`);

  const say = (message: string, ok: boolean) => {
    if (ok) toast.success(message);
    else toast.error(message);
    setStatus(message);
  };

  const changeSource = async () => {
    const outcome = await setSourceLocaleAction({ sourceLocale: chosen });
    if (outcome.ok) {
      say(t("source.changed", { language: language(chosen) }), true);
      router.refresh();
      return true;
    }
    say(tRoot(outcome.message, outcome.values), false);
    return false;
  };

  const translateEverything = () =>
    start(async () => {
      const outcome = await translateEverythingAction();
      if (outcome.ok) say(t("everything.queued", { count: outcome.data.queued }), true);
      else say(tRoot(outcome.message, outcome.values), false);
    });

  return (
    <div className="flex max-w-2xl flex-col gap-6">
      <Section title={t("source.heading")}>
        <Field label={t("source.label")} hint={t("source.help")}>
          <Select
            value={chosen}
            onChange={(event) => setChosen(event.target.value as Locale)}
            options={locales.map((locale) => ({ value: locale, label: language(locale) }))}
          />
        </Field>
        <div>
          {chosen === sourceLocale ? (
            <Button type="button" variant="secondary" className="disabled:opacity-60" disabled>
              {t("source.change")}
            </Button>
          ) : (
            <ConfirmButton
              variant="primary"
              title={t("source.confirmTitle", { language: language(chosen) })}
              message={t("source.confirmMessage", { language: language(chosen) })}
              confirmLabel={t("source.confirmLabel", { language: language(chosen) })}
              onConfirm={changeSource}
            >
              {t("source.change")}
            </ConfirmButton>
          )}
        </div>
      </Section>
      <Section title={t("engine.heading")}>
        <p data-testid="active-engine" data-engine={engine}>
          {engine === "none" ? (
            t("engine.none")
          ) : (
            <>
              <span className="text-zinc-700 dark:text-zinc-300">{t("engine.active")}</span>{" "}
              <strong>{t(`engine.${engine}`)}</strong>
            </>
          )}
        </p>
      </Section>
      <Section title={t("everything.heading")}>
        <p className="text-sm text-zinc-700 dark:text-zinc-300">{t("everything.help")}</p>
        {engine === "none" && (
          <p id={noEngineId} className="text-sm text-amber-900 dark:text-amber-200">
            {t("everything.noEngine")}
          </p>
        )}
        <div>
          <Button
            type="button"
            disabled={pending || engine === "none"}
            aria-describedby={engine === "none" ? noEngineId : undefined}
            onClick={translateEverything}
          >
            {t("everything.button")}
          </Button>
        </div>
      </Section>
      <p role="status" aria-live="polite" className="sr-only">
        {status}
      </p>
    </div>
  );
}
