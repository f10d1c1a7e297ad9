"use client";

import { ChevronLeft, ChevronRight } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import type { MediaPage } from "@/lib/features/content/media-page";
import { MEDIA_PAGE_SIZE, type MediaSort } from "@/lib/features/content/schemas";

const linkClass =
  "inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-lg border border-zinc-300 px-3 text-sm hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 dark:border-zinc-700 dark:hover:bg-zinc-800";

/** The manager's address for a sort and a page (the defaults left out, as the admin lists do). */
export function mediaHref(contentId: string, sort: MediaSort, page = 1): string {
  const params = new URLSearchParams();
  if (sort !== "position") params.set("sort", sort);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return `/admin/content/${contentId}${search ? `?${search}` : ""}`;
}

/** The first, the last, and the pages around the current one; null where pages are skipped. */
export function pagesToShow(page: number, pageCount: number): (number | null)[] {
  const shown = new Set([1, pageCount, page - 2, page - 1, page, page + 1, page + 2]);
  const list = [...shown].filter((p) => p >= 1 && p <= pageCount).sort((a, b) => a - b);
  return list.flatMap((p, i) => (i > 0 && p - list[i - 1]! > 1 ? [null, p] : [p]));
}

/**
 * The pages of a large gallery's files (issue #36): numbered links that keep the order in the
 * URL, so they work with the keyboard, the back button and a shared address. The current page
 * is marked for assistive technology (`aria-current`). Not prefetched: each is a full server
 * render of the edit page (100 signed thumbnails), worth doing only when the organiser asks.
 */
export function MediaPager({ contentId, media }: { contentId: string; media: MediaPage }) {
  const t = useTranslations("media.pager");
  const { page, pageCount, sort, total, offset } = media;
  const from = total === 0 ? 0 : offset + 1;
  const to = Math.min(offset + MEDIA_PAGE_SIZE, total);
  return (
    <nav aria-label={t("label")} className="flex flex-col gap-2" data-testid="media-pager">
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("summary", { from, to, total })}</p>
      {pageCount > 1 && (
        <ul className="flex flex-wrap items-center gap-1">
          {page > 1 && (
            <li>
              <Link
                prefetch={false}
                href={mediaHref(contentId, sort, page - 1)}
                className={linkClass}
                rel="prev"
              >
                <ChevronLeft aria-hidden className="size-4" />
                {t("previous")}
              </Link>
            </li>
          )}
          {pagesToShow(page, pageCount).map((p, i) =>
            p === null ? (
              <li key={`gap-${i}`} aria-hidden className="px-1 text-zinc-500">
                …
              </li>
            ) : (
              <li key={p}>
                <Link
                  prefetch={false}
                  href={mediaHref(contentId, sort, p)}
                  className={`${linkClass} ${p === page ? "border-brand-700 bg-brand-700 text-white hover:bg-brand-700 dark:border-brand-400 dark:bg-brand-400 dark:text-ink-900 dark:hover:bg-brand-400" : ""}`}
                  aria-current={p === page ? "page" : undefined}
                  aria-label={t("page", { page: p })}
                >
                  {p}
                </Link>
              </li>
            ),
          )}
          {page < pageCount && (
            <li>
              <Link
                prefetch={false}
                href={mediaHref(contentId, sort, page + 1)}
                className={linkClass}
                rel="next"
              >
                {t("next")}
                <ChevronRight aria-hidden className="size-4" />
              </Link>
            </li>
          )}
        </ul>
      )}
    </nav>
  );
}
