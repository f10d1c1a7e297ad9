import type { ComponentProps, ReactNode } from "react";
import { cx } from "@/lib/core/join-classes";

/** A checkbox with its label beside it (the whole label toggles it). */
export function Checkbox({
  label,
  className,
  ...props
}: Omit<ComponentProps<"input">, "type"> & { label: ReactNode }) {
  return (
    <label className={cx("flex items-center gap-2 text-sm font-medium", className)}>
      <input type="checkbox" className="size-4 accent-brand-600" {...props} />
      {label}
    </label>
  );
}
