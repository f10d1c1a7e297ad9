import type { ReactNode } from "react";

/** The empty state of an admin list: what the list would hold, in a dashed frame. */
export function EmptyList({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-xl border border-dashed border-zinc-300 p-10 text-center text-zinc-500 dark:border-zinc-700">
      {children}
    </p>
  );
}
