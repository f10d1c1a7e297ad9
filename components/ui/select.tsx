import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

const sizes = {
  /** Form fields: full width, like `Input`. */
  md: "h-10 w-full px-3",
  /** Filter bars and compact toolbars: as wide as the options, small text. */
  sm: "h-10 px-3 text-sm",
} as const;

/** The app's native `<select>`, styled like `Input` (works without JavaScript, in GET forms too). */
export function Select({
  size = "md",
  className,
  ...props
}: Omit<ComponentProps<"select">, "size"> & { size?: keyof typeof sizes }) {
  return (
    <select
      className={cn(
        "rounded-lg border border-zinc-300 bg-white text-zinc-900 disabled:opacity-60 aria-invalid:border-red-500 dark:border-zinc-700 dark:bg-ink-800 dark:text-zinc-100",
        sizes[size],
        className,
      )}
      {...props}
    />
  );
}
