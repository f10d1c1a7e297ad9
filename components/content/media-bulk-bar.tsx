"use client";

import { Eye, EyeOff, ListOrdered, Trash2 } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { mediaHref } from "@/components/content/media-pager";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import {
  applyMediaOrderAction,
  deleteMediaItemsAction,
  setMediaHiddenAction,
} from "@/lib/features/content/actions";
import type { MediaPage } from "@/lib/features/content/media-page";
import { MEDIA_SORTS, type MediaSort } from "@/lib/features/content/schemas";

type ActionOutcome = { ok: boolean; message?: string; values?: Record<string, string | number> };

const SORT_LABEL = { position: "orderPosition", name: "orderName", captured: "orderCaptured" } as const;

/** What is selected: files of the page shown, or the whole gallery. */
export type MediaSelectionState = { ids: ReadonlySet<string>; wholeGallery: boolean };

/**
 * The media manager's bar for many files at once (issue #36, large galleries): select this
 * page's files or every file of the gallery, hide them from fans or show them again, delete them
 * (asked first, with the count), and choose the order the pages show: the gallery's own, by file
 * name or by capture time, which can then become the gallery's own for the whole gallery. An
 * action on the whole gallery sends no ids: the server applies it to the gallery it counted.
 */
export function MediaBulkBar({
  contentId,
  media,
  selection,
  setSelection,
  pending,
  act,
}: {
  contentId: string;
  media: MediaPage;
  selection: MediaSelectionState;
  setSelection: (next: MediaSelectionState) => void;
  pending: boolean;
  act: (work: () => Promise<ActionOutcome>, done?: string) => void;
}) {
  const t = useTranslations("media.bulk");
  const pageIds = media.items.map((m) => m.id);
  const whole = selection.wholeGallery;
  const count = whole ? media.total : selection.ids.size;
  const target =
    whole && media.newestAt
      ? { all: true as const, expected: media.total, asOf: media.newestAt }
      : [...selection.ids];
  const allOnPage = pageIds.length > 0 && pageIds.every((id) => selection.ids.has(id));
  const none = { ids: new Set<string>(), wholeGallery: false };
  const hide = (hidden: boolean) =>
    act(
      () => setMediaHiddenAction(contentId, target, hidden),
      t(hidden ? "hiddenToast" : "shownToast", { count }),
    );
  return (
    <div
      className="flex flex-wrap items-center gap-2 rounded-xl border border-zinc-200 p-2 text-sm dark:border-zinc-700"
      role="toolbar"
      aria-label={t("label")}
    >
      <span aria-live="polite" className="px-1 font-medium" data-testid="media-selected-count">
        {whole ? t("allSelected", { count }) : t("selected", { count })}
      </span>
      <Button
        type="button"
        size="sm"
        variant="ghost"
        onClick={() =>
          setSelection(allOnPage || whole ? none : { ids: new Set(pageIds), wholeGallery: false })
        }
      >
        {allOnPage || whole ? t("selectNone") : t("selectAll")}
      </Button>
      {allOnPage && !whole && media.total > pageIds.length && (
        <Button
          type="button"
          size="sm"
          variant="ghost"
          onClick={() => setSelection({ ids: new Set(pageIds), wholeGallery: true })}
        >
          {t("selectGallery", { count: media.total })}
        </Button>
      )}
      {count > 0 && (
        <>
          {whole ? (
            <>
              <ConfirmButton
                size="sm"
                variant="secondary"
                title={t("hideTitle", { count })}
                message={t("hideMessage")}
                confirmLabel={t("hide")}
                onConfirm={async () => hide(true)}
              >
                <EyeOff aria-hidden className="size-4" />
                {t("hide")}
              </ConfirmButton>
              <ConfirmButton
                size="sm"
                variant="secondary"
                title={t("showTitle", { count })}
                message={t("showMessage")}
                confirmLabel={t("show")}
                onConfirm={async () => hide(false)}
              >
                <Eye aria-hidden className="size-4" />
                {t("show")}
              </ConfirmButton>
            </>
          ) : (
            <>
              <Button
                type="button"
                size="sm"
                variant="secondary"
                disabled={pending}
                onClick={() => hide(true)}
              >
                <EyeOff aria-hidden className="size-4" />
                {t("hide")}
              </Button>
              <Button
                type="button"
                size="sm"
                variant="secondary"
                disabled={pending}
                onClick={() => hide(false)}
              >
                <Eye aria-hidden className="size-4" />
                {t("show")}
              </Button>
            </>
          )}
          <ConfirmButton
            size="sm"
            title={t("deleteTitle", { count })}
            message={t("deleteMessage", { count })}
            confirmLabel={t("deleteConfirm")}
            onConfirm={async () => {
              act(
                async () => {
                  const result = await deleteMediaItemsAction(contentId, target);
                  if (result.ok) setSelection(none);
                  return result;
                },
                t("deletedToast", { count }),
              );
            }}
          >
            <Trash2 aria-hidden className="size-4" />
            {t("delete")}
          </ConfirmButton>
        </>
      )}
      <span className="ml-auto flex flex-wrap items-center gap-1">
        <span className="px-1 text-zinc-600 dark:text-zinc-400" id="media-order-label">
          {t("order")}
        </span>
        <ul className="flex flex-wrap gap-1" aria-labelledby="media-order-label">
          {MEDIA_SORTS.map((sort: MediaSort) => (
            <li key={sort}>
              <Link
                prefetch={false}
                href={mediaHref(contentId, sort)}
                aria-current={media.sort === sort ? "true" : undefined}
                className={`inline-flex min-h-9 items-center rounded-lg px-3 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-brand-500 dark:hover:bg-zinc-800 ${media.sort === sort ? "bg-zinc-100 font-semibold dark:bg-zinc-800" : ""}`}
              >
                {t(SORT_LABEL[sort])}
              </Link>
            </li>
          ))}
        </ul>
        {media.sort !== "position" && (
          <ConfirmButton
            size="sm"
            variant="secondary"
            title={t("applyTitle")}
            message={t("applyMessage", { count: media.total })}
            confirmLabel={t("applyConfirm")}
            onConfirm={async () => {
              const sort = media.sort;
              if (sort !== "position") act(() => applyMediaOrderAction(contentId, sort), t("sorted"));
            }}
          >
            <ListOrdered aria-hidden className="size-4" />
            {t("applyOrder")}
          </ConfirmButton>
        )}
      </span>
    </div>
  );
}
