import { cn } from "@/lib/core/merge-classes";

const tones: Record<string, string> = {
  draft: "bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300",
  published: "bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300",
  archived: "bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300",
  cancelled: "bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300",
  uploading: "bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-300",
  processing: "bg-violet-100 text-violet-800 dark:bg-violet-950 dark:text-violet-300",
  ready: "bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300",
  failed: "bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300",
};

/** A status pill; `tone` is the status name, `children` its translated label. */
export function StatusBadge({
  tone,
  children,
  className,
}: {
  tone: string;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium",
        tones[tone] ?? tones.draft,
        className,
      )}
    >
      {children}
    </span>
  );
}
