"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import { cx } from "@/lib/core/join-classes";
import {
  ACCEPT_ALL,
  CONSENT_CATEGORIES,
  DECLINE,
  type ConsentCategory,
  type ConsentPreferences,
} from "@/lib/surfaces/public-site/consent";

function Switch({
  checked,
  disabled,
  onChange,
  labelledBy,
  describedBy,
}: {
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
  labelledBy: string;
  describedBy: string;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      disabled={disabled}
      onClick={() => onChange(!checked)}
      className={cx(
        "relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors disabled:cursor-not-allowed disabled:opacity-70",
        checked ? "bg-tenant" : "bg-zinc-300 dark:bg-zinc-600",
      )}
    >
      <span
        aria-hidden
        className={cx(
          "inline-block size-5 rounded-full bg-white shadow transition-transform",
          checked ? "translate-x-5" : "translate-x-0.5",
        )}
      />
    </button>
  );
}

/** The four categories; necessary is always on (spec §4). */
export function ConsentSettingsDialog({
  initial,
  onSave,
  onOpenChange,
}: {
  initial: ConsentPreferences;
  onSave: (preferences: ConsentPreferences) => void;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useTranslations("consent");
  const tc = useTranslations("common");
  const [prefs, setPrefs] = useState<ConsentPreferences>({ ...initial, necessary: true });
  const id = useId();
  const set = (category: ConsentCategory, value: boolean) =>
    setPrefs((p) => ({ ...p, [category]: category === "necessary" ? true : value }));

  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent title={t("settingsTitle")} description={t("settingsText")} closeLabel={tc("close")}>
        <ul className="flex flex-col gap-4">
          {CONSENT_CATEGORIES.map((category) => (
            <li key={category} className="flex items-start justify-between gap-4">
              <div>
                <p id={`${id}-${category}`} className="font-medium">
                  {t(`categories.${category}.title`)}
                </p>
                <p id={`${id}-${category}-desc`} className="text-sm text-zinc-600 dark:text-zinc-400">
                  {t(`categories.${category}.description`)}
                </p>
              </div>
              <Switch
                checked={prefs[category]}
                disabled={category === "necessary"}
                onChange={(v) => set(category, v)}
                labelledBy={`${id}-${category}`}
                describedBy={`${id}-${category}-desc`}
              />
            </li>
          ))}
        </ul>
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          <Button variant="ghost" onClick={() => onSave(DECLINE)}>
            {t("decline")}
          </Button>
          <Button variant="secondary" onClick={() => onSave(ACCEPT_ALL)}>
            {t("acceptAll")}
          </Button>
          <Button variant="brand" onClick={() => onSave(prefs)}>
            {t("save")}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
