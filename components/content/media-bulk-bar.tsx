"use client";

import { ArrowDownAZ, Clock, Eye, EyeOff, Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { deleteMediaItemsAction, setMediaHiddenAction } from "@/lib/features/content/actions";
import type { MediaItem } from "@/lib/features/content/queries";

type ActionOutcome = { ok: boolean; message?: string; values?: Record<string, string | number> };

/**
 * The media manager's bar for many files at once (issue #36, large galleries): select all or
 * none, hide the selection from fans or show it again, delete it (asked first), and put the
 * whole gallery in order by file name or by capture time. Its buttons name what they act on.
 */
export function MediaBulkBar({
  contentId,
  items,
  selected,
  setSelected,
  pending,
  act,
  reorder,
}: {
  contentId: string;
  items: MediaItem[];
  selected: ReadonlySet<string>;
  setSelected: (next: Set<string>) => void;
  pending: boolean;
  act: (work: () => Promise<ActionOutcome>, done?: string) => void;
  reorder: (ids: string[]) => void;
}) {
  const t = useTranslations("media.bulk");
  const ids = [...selected];
  const count = ids.length;
  const byName = () =>
    reorder(
      [...items]
        .sort((a, b) => a.originalName.localeCompare(b.originalName, undefined, { numeric: true }))
        .map((m) => m.id),
    );
  // When each was taken (several photographers' shots interleave as the night went); files
  // without a capture time after them, in upload order.
  const byCapture = () =>
    reorder(
      [...items]
        .sort(
          (a, b) =>
            (a.capturedAt ?? "~").localeCompare(b.capturedAt ?? "~") ||
            a.createdAt.localeCompare(b.createdAt),
        )
        .map((m) => m.id),
    );
  return (
    <div
      className="flex flex-wrap items-center gap-2 rounded-xl border border-zinc-200 p-2 text-sm dark:border-zinc-700"
      role="toolbar"
      aria-label={t("label")}
    >
      <span aria-live="polite" className="px-1 font-medium" data-testid="media-selected-count">
        {t("selected", { count })}
      </span>
      <Button
        type="button"
        size="sm"
        variant="ghost"
        onClick={() => setSelected(new Set(count === items.length ? [] : items.map((m) => m.id)))}
      >
        {count === items.length ? t("selectNone") : t("selectAll")}
      </Button>
      {count > 0 && (
        <>
          <Button
            type="button"
            size="sm"
            variant="secondary"
            disabled={pending}
            onClick={() => act(() => setMediaHiddenAction(contentId, ids, true), t("hiddenToast", { count }))}
          >
            <EyeOff aria-hidden className="size-4" />
            {t("hide")}
          </Button>
          <Button
            type="button"
            size="sm"
            variant="secondary"
            disabled={pending}
            onClick={() => act(() => setMediaHiddenAction(contentId, ids, false), t("shownToast", { count }))}
          >
            <Eye aria-hidden className="size-4" />
            {t("show")}
          </Button>
          <ConfirmButton
            size="sm"
            title={t("deleteTitle", { count })}
            message={t("deleteMessage", { count })}
            confirmLabel={t("deleteConfirm")}
            onConfirm={async () => {
              act(
                async () => {
                  const result = await deleteMediaItemsAction(contentId, ids);
                  if (result.ok) setSelected(new Set());
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
      <span className="ml-auto flex flex-wrap gap-1">
        <Button type="button" size="sm" variant="ghost" disabled={pending} onClick={byName}>
          <ArrowDownAZ aria-hidden className="size-4" />
          {t("sortName")}
        </Button>
        <Button type="button" size="sm" variant="ghost" disabled={pending} onClick={byCapture}>
          <Clock aria-hidden className="size-4" />
          {t("sortCapture")}
        </Button>
      </span>
    </div>
  );
}
