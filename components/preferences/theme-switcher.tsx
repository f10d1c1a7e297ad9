"use client";

import { Monitor, Moon, Sun } from "lucide-react";
import { useTranslations } from "next-intl";
import { useTheme } from "next-themes";
import { useSyncExternalStore } from "react";
import { cx } from "@/lib/core/join-classes";

const noop = () => () => undefined;

export type ThemeChoice = "light" | "dark" | "system";
const choices: { value: ThemeChoice; Icon: typeof Sun }[] = [
  { value: "light", Icon: Sun },
  { value: "dark", Icon: Moon },
  { value: "system", Icon: Monitor },
];

/**
 * A three-way radio group; `onChange` lets the admin also store the choice on the profile.
 * `className` says where it shows (its display; `inline-flex` when absent), `overlay` draws it
 * in white over a dark picture.
 */
export function ThemeSwitcher({
  onChange,
  className = "inline-flex",
  overlay = false,
}: {
  onChange?: (theme: ThemeChoice) => void;
  className?: string;
  overlay?: boolean;
}) {
  const t = useTranslations("theme");
  const { theme, setTheme } = useTheme();
  // The stored theme is only known in the browser; render neutral until mounted.
  const mounted = useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );

  return (
    <div
      role="radiogroup"
      aria-label={t("label")}
      className={cx(
        "rounded-lg border p-0.5",
        overlay ? "border-white/40" : "border-zinc-300 dark:border-zinc-700",
        className,
      )}
    >
      {choices.map(({ value, Icon }) => {
        const checked = mounted && theme === value;
        return (
          <button
            key={value}
            type="button"
            role="radio"
            aria-checked={checked}
            title={t(value)}
            onClick={() => {
              setTheme(value);
              onChange?.(value);
            }}
            className={cx(
              "inline-flex items-center justify-center rounded-md p-1.5 max-sm:size-11",
              checked
                ? "bg-zinc-200 text-zinc-900 dark:bg-zinc-700 dark:text-zinc-100"
                : overlay
                  ? "text-white"
                  : "text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100",
            )}
          >
            <Icon aria-hidden className="size-4" />
            <span className="sr-only">{t(value)}</span>
          </button>
        );
      })}
    </div>
  );
}
