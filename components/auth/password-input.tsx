"use client";

import { Eye, EyeOff } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState, type ComponentProps } from "react";
import { Input } from "@/components/ui/input";

/**
 * A password field with a show/hide toggle. Which password it is must be said (issue #18):
 * `current-password` lets a password manager fill it, `new-password` lets it offer a strong one.
 */
export function PasswordInput(
  props: Omit<ComponentProps<"input">, "type" | "autoComplete"> & {
    autoComplete: "current-password" | "new-password";
  },
) {
  const t = useTranslations("auth.actions");
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <Input {...props} type={visible ? "text" : "password"} className="pr-11" />
      <button
        type="button"
        onClick={() => setVisible((v) => !v)}
        aria-label={visible ? t("hidePassword") : t("showPassword")}
        aria-pressed={visible}
        className="touch-target absolute top-1/2 right-0 inline-flex -translate-y-1/2 items-center justify-center rounded-md p-1.5 sm:right-1.5 text-zinc-500 hover:text-zinc-900 dark:hover:text-zinc-100"
      >
        {visible ? <EyeOff aria-hidden className="size-4" /> : <Eye aria-hidden className="size-4" />}
      </button>
    </div>
  );
}
