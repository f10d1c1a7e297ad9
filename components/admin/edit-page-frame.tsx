import Link from "next/link";
import type { ReactNode } from "react";

/**
 * The frame of the admin pages that create or edit one content or event: a column with a
 * "← back to the list" link above the page's own header and form. (`PageHeader` draws its
 * back link differently, so it is not reused here.)
 */
export function EditPageFrame({
  className,
  back,
  children,
}: {
  /** The column's classes (width and gap differ between the pages). */
  className: string;
  back: { href: string; label: string };
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <nav className="text-sm">
        <Link href={back.href} className="text-zinc-600 hover:text-brand-600 dark:text-zinc-400">
          ← {back.label}
        </Link>
      </nav>
      {children}
    </div>
  );
}
