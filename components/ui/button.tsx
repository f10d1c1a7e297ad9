import { Slot } from "radix-ui";
import type { ComponentProps } from "react";
import { primaryAction } from "@/components/ui/tenant-styles";
import { cx } from "@/lib/core/join-classes";

const variants = {
  primary: "bg-brand-700 text-white hover:bg-brand-800 disabled:bg-brand-700/60",
  secondary:
    "border border-zinc-300 bg-white text-zinc-900 hover:bg-zinc-50 dark:border-zinc-700 dark:bg-ink-800 dark:text-zinc-100 dark:hover:bg-zinc-800",
  ghost: "text-zinc-700 hover:bg-zinc-100 dark:text-zinc-200 dark:hover:bg-zinc-800",
  danger: "bg-red-600 text-white hover:bg-red-500 disabled:bg-red-600/60",
  /** The public pages' primary action in the company's (or the platform's) brand colour. */
  brand: primaryAction,
  /** A quiet button over a dark picture (the home page's top bar above its hero). */
  overlay: "text-white hover:bg-white/10",
} as const;

// Phones get 44 px tall targets (WCAG 2.5.5, issue #18); pointers keep the compact sizes.
const sizes = {
  sm: "h-8 max-sm:h-11 px-3 text-sm",
  md: "h-10 max-sm:h-11 px-4",
  lg: "h-12 px-6 text-lg",
} as const;

export type ButtonProps = ComponentProps<"button"> & {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
  /** Render the child element (e.g. a Link) with button styles. */
  asChild?: boolean;
};

/**
 * The app's button. Classes are joined, not merged (`cx`, no tailwind-merge in the browser):
 * `className` adds layout (margins, width, wrapping); colours and sizes come from `variant`
 * and `size`.
 */
export function Button({ variant = "primary", size = "md", asChild, className, ...props }: ButtonProps) {
  const Component = asChild ? Slot.Root : "button";
  return (
    <Component
      className={cx(
        "inline-flex items-center justify-center gap-2 rounded-lg font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed",
        variants[variant],
        sizes[size],
        className,
      )}
      {...props}
    />
  );
}
