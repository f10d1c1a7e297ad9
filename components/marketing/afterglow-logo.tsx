import { cx } from "@/lib/core/join-classes";

/** The Afterglow mark (a setting sun cut by bands) and wordmark. */
export function AfterglowLogo({ className, label }: { className?: string; label: string }) {
  return (
    <span className={cx("inline-flex items-center gap-2 font-bold tracking-tight", className)}>
      <svg viewBox="0 0 32 32" aria-hidden className="size-7 shrink-0">
        <defs>
          <linearGradient id="ag-sun" x1="0" y1="0" x2="0" y2="1">
            <stop offset="0" stopColor="#fbbf24" />
            <stop offset="1" stopColor="#ea580c" />
          </linearGradient>
        </defs>
        <rect width="32" height="32" rx="8" fill="#0b0b12" />
        <path d="M6 21a10 10 0 0 1 20 0z" fill="url(#ag-sun)" />
        <rect x="6" y="23" width="20" height="1.6" rx=".8" fill="#ea580c" />
        <rect x="9" y="26" width="14" height="1.4" rx=".7" fill="#ea580c" opacity=".7" />
      </svg>
      <span>{label}</span>
    </span>
  );
}
