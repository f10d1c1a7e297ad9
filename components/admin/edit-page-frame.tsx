import { ExternalLink } from "lucide-react";
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

/**
 * The header of such an edit page: the record's name, a line of facts (status badge and
 * the like, ending with the link to its public page when it has one) and the actions.
 */
export function EditPageHeader({
  title,
  factsClassName,
  facts,
  publicLink,
  actions,
}: {
  title: string;
  /** The facts line's classes (the event's wraps). */
  factsClassName: string;
  facts: ReactNode;
  publicLink?: { href: string; label: string };
  actions: ReactNode;
}) {
  return (
    <header className="flex flex-wrap items-start justify-between gap-4">
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold">{title}</h1>
        <p className={factsClassName}>
          {facts}
          {publicLink && (
            <Link
              href={publicLink.href}
              target="_blank"
              className="inline-flex items-center gap-1 hover:text-brand-600"
            >
              {publicLink.label} <ExternalLink aria-hidden className="size-3.5" />
            </Link>
          )}
        </p>
      </div>
      {actions}
    </header>
  );
}
