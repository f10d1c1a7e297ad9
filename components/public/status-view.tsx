import Link from "next/link";
import type { ReactNode } from "react";
import { primaryAction } from "@/components/ui/tenant-styles";
import { cx } from "@/lib/core/join-classes";

/** A full-page message (not found, unavailable) with one way out. */
export function StatusView({
  code,
  title,
  message,
  action,
  children,
}: {
  code?: string;
  title: string;
  message: string;
  action: { href: string; label: string };
  children?: ReactNode;
}) {
  return (
    <section className="mx-auto flex min-h-[60dvh] max-w-xl flex-col items-center justify-center gap-4 px-6 py-16 text-center">
      {code && <p className="text-6xl font-bold text-brand-600">{code}</p>}
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p className="text-zinc-600 dark:text-zinc-400">{message}</p>
      {children}
      <Link
        prefetch={false}
        href={action.href}
        className={cx("inline-flex h-11 items-center rounded-full px-5 font-medium", primaryAction)}
      >
        {action.label}
      </Link>
    </section>
  );
}
