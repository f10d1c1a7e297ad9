"use client";

import { Monitor, Moon, Sun } from "lucide-react";
import { useTranslations } from "next-intl";
import { useTheme } from "next-themes";
import { useSyncExternalStore } from "react";
import { cn } from "@/lib/utils";

const noop = () => () => undefined;

export type ThemeChoice = "light" | "dark" | "system";
const choices: { value: ThemeChoice; Icon: typeof Sun }[] = [
  { value: "light", Icon: Sun },
  { value: "dark", Icon: Moon },
  { value: "system", Icon: Monitor },
];

/** A three-way radio group; `onChange` lets the admin also store the choice on the profile. */
export function ThemeSwitcher({
  onChange,
  className,
}: {
  onChange?: (theme: ThemeChoice) => void;
  className?: string;
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
      className={cn("inline-flex rounded-lg border border-zinc-300 p-0.5 dark:border-zinc-700", className)}
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
            className={cn(
              "inline-flex items-center justify-center rounded-md p-1.5 text-zinc-600 hover:text-zinc-900 max-sm:size-11 dark:text-zinc-400 dark:hover:text-zinc-100",
              checked && "bg-zinc-200 text-zinc-900 dark:bg-zinc-700 dark:text-zinc-100",
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
