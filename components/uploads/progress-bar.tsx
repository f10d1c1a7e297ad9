import { cn } from "@/lib/core/merge-classes";

/** An accessible progress bar (role=progressbar with its value in percent). */
export function ProgressBar({
  value,
  label,
  valueText,
  tone = "brand",
  className,
}: {
  /** 0..100 */
  value: number;
  label: string;
  /** What a screen reader announces as the value (default: the percent). */
  valueText?: string;
  tone?: "brand" | "success" | "danger" | "muted";
  className?: string;
}) {
  const pct = Math.max(0, Math.min(100, Math.round(value)));
  const colour = {
    brand: "bg-brand-600",
    success: "bg-emerald-600",
    danger: "bg-red-600",
    muted: "bg-zinc-400",
  }[tone];
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={pct}
      aria-valuetext={valueText ?? `${pct}%`}
      className={cn("h-2 w-full overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-700", className)}
    >
      <div
        className={cn("h-full rounded-full transition-[width] duration-200", colour)}
        style={{ width: `${pct}%` }}
      />
    </div>
  );
}
