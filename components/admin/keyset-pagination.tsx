import { ChevronLeft, ChevronRight } from "lucide-react";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import type { KeysetLinks } from "@/lib/core/pagination/keyset";

const linkClass =
  "inline-flex min-h-11 items-center gap-1 rounded-lg border border-zinc-300 px-3 text-sm hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 dark:border-zinc-700 dark:hover:bg-zinc-800";

/**
 * "Previous page" and "next page" links of an admin list paged by keyset
 * (lib/core/pagination/keyset.ts): plain links, so they work with the keyboard and without
 * JavaScript, and keep the list's filters in the query string beside the cursor.
 */
export async function KeysetPagination({
  basePath,
  links,
  query,
}: {
  basePath: string;
  links: KeysetLinks;
  /** The list's filters, without cursors. */
  query: Record<string, string | undefined>;
}) {
  if (links.atStart && !links.nextCursor) return null;
  const t = await getTranslations("admin.pagination");
  const href = (cursor?: { name: "cursor" | "before"; value: string }) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
    if (cursor) params.set(cursor.name, cursor.value);
    const search = params.toString();
    return search ? `${basePath}?${search}` : basePath;
  };
  // A page past the end (its rows gone since) goes back to the first.
  const previous = links.previousCursor ? href({ name: "before", value: links.previousCursor }) : href();
  return (
    <nav aria-label={t("label")} className="flex items-center justify-between gap-4">
      {links.atStart ? (
        <span />
      ) : (
        <Link href={previous} className={linkClass} rel="prev">
          <ChevronLeft aria-hidden className="size-4" />
          {t("previous")}
        </Link>
      )}
      {links.nextCursor ? (
        <Link href={href({ name: "cursor", value: links.nextCursor })} className={linkClass} rel="next">
          {t("next")}
          <ChevronRight aria-hidden className="size-4" />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
