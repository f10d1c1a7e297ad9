import type { ComponentProps } from "react";
import { cx } from "@/lib/core/join-classes";

const fieldColours = "bg-white text-zinc-900 dark:bg-ink-800 dark:text-zinc-100";

const sizes = {
  /** Form fields: full width, like `Input`. */
  md: `h-10 w-full px-3 ${fieldColours}`,
  /** Filter bars and compact toolbars: as wide as the options, small text. */
  sm: `h-10 px-3 text-sm ${fieldColours}`,
  /** Inside a bar (the language menu): compact, in the bar's own colours. */
  inline: "h-9 bg-transparent px-2 text-sm text-inherit max-sm:h-11",
} as const;

export interface SelectOption {
  value: string;
  label: string;
}

/**
 * The app's native `<select>`, styled like `Input` (works without JavaScript, in GET forms too).
 * Options come as `options` (plus an optional first `emptyLabel` option whose value is "") or
 * as children.
 */
export function Select({
  size = "md",
  options,
  emptyLabel,
  className,
  children,
  ...props
}: Omit<ComponentProps<"select">, "size"> & {
  size?: keyof typeof sizes;
  options?: readonly SelectOption[];
  /** Label of a first option with the empty value ("All", "Not specified"). */
  emptyLabel?: string;
}) {
  return (
    <select
      className={cx(
        "rounded-lg border border-zinc-300 disabled:opacity-60 aria-invalid:border-red-500 dark:border-zinc-700",
        sizes[size],
        className,
      )}
      {...props}
    >
      {emptyLabel !== undefined && <option value="">{emptyLabel}</option>}
      {options?.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
      {children}
    </select>
  );
}

/** Options whose labels are translations of their values (`status.draft` → "Draft"). */
export const optionsOf = <V extends string>(
  values: readonly V[],
  label: (value: V) => string,
): SelectOption[] => values.map((value) => ({ value, label: label(value) }));
