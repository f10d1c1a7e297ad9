"use client";

import { useTranslations } from "next-intl";
import { useId } from "react";
import { Input, Label } from "@/components/ui/input";
import { normalizeHex, readableOn, PAGE_BACKGROUND } from "@/lib/features/brand/colors";

/**
 * A brand colour: the native colour picker and the same value as a hex text field (the one the
 * form sends, so a typed value and a picked one are the same thing). Below it, live, what the
 * colour becomes as text on light and dark pages when it had to be adjusted for AA contrast.
 */
export function ColorField({
  name,
  label,
  value,
  fallback,
  onChange,
  error,
  disabled,
}: {
  name: "brandColor" | "accentColor";
  label: string;
  /** As typed ("" = the platform's colour). */
  value: string;
  /** The platform's colour, shown in the picker while the field is empty. */
  fallback: string;
  onChange: (value: string) => void;
  error?: string;
  disabled?: boolean;
}) {
  const t = useTranslations("settings.branding.colors");
  const id = useId();
  const hex = normalizeHex(value);
  const invalid = value.trim() !== "" && !hex;
  const color = hex ?? fallback;
  const onLight = readableOn(color, PAGE_BACKGROUND.light);
  const onDark = readableOn(color, PAGE_BACKGROUND.dark);
  const notes = [
    ...(onLight !== color ? [t("adjustedLight", { color: onLight })] : []),
    ...(onDark !== color ? [t("adjustedDark", { color: onDark })] : []),
  ];
  const described = [`${id}-hint`, `${id}-contrast`, error || invalid ? `${id}-error` : null]
    .filter(Boolean)
    .join(" ");
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex items-center gap-2">
        <input
          type="color"
          value={color}
          onChange={(e) => onChange(e.target.value)}
          disabled={disabled}
          aria-label={t("picker", { label })}
          data-testid={`${name}-picker`}
          className="h-10 w-14 cursor-pointer rounded-lg border border-zinc-300 bg-white p-1 disabled:cursor-not-allowed disabled:opacity-60 dark:border-zinc-700 dark:bg-ink-800"
        />
        <Input
          id={id}
          name={name}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          disabled={disabled}
          placeholder={fallback}
          maxLength={20}
          spellCheck={false}
          autoComplete="off"
          aria-invalid={error || invalid ? true : undefined}
          aria-describedby={described}
          className="w-36 font-mono"
        />
      </div>
      <p id={`${id}-hint`} className="text-xs text-zinc-600 dark:text-zinc-400">
        {t("hexHint")}
      </p>
      <div id={`${id}-contrast`} aria-live="polite" data-testid={`${name}-contrast`}>
        {!invalid && (
          <p className="text-sm text-zinc-700 dark:text-zinc-300">
            {notes.length > 0 ? notes.join(" ") : t("readable")}
          </p>
        )}
      </div>
      {(error || invalid) && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error ?? t("invalid")}
        </p>
      )}
    </div>
  );
}
