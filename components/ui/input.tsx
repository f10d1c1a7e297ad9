import type { ComponentProps } from "react";
import { cx } from "@/lib/core/join-classes";

const fieldClass =
  "w-full rounded-lg border border-zinc-300 bg-white px-3 py-2 text-zinc-900 placeholder:text-zinc-400 focus-visible:border-brand-500 focus-visible:outline-2 focus-visible:outline-brand-500/40 disabled:opacity-60 aria-invalid:border-red-500 dark:border-zinc-700 dark:bg-ink-800 dark:text-zinc-100";

export function Input({ className, ...props }: ComponentProps<"input">) {
  return <input className={cx(fieldClass, "h-10 max-sm:h-11", className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<"textarea">) {
  return <textarea className={cx(fieldClass, "min-h-24", className)} {...props} />;
}

export function Label({ className, ...props }: ComponentProps<"label">) {
  return (
    <label className={cx("text-sm font-medium text-zinc-800 dark:text-zinc-200", className)} {...props} />
  );
}
