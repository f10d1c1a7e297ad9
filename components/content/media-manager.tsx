"use client";

import {
  ArrowDown,
  ArrowUp,
  Download,
  FileText,
  GripVertical,
  Music,
  RotateCcw,
  Star,
  Trash2,
  Video,
} from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState, useTransition } from "react";
import { toast } from "sonner";
import {
  deleteMediaAction,
  moveMediaAction,
  retryMediaAction,
  setCoverAction,
} from "@/lib/features/content/actions";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { MediaBulkBar, type MediaSelectionState } from "@/components/content/media-bulk-bar";
import { MediaPager } from "@/components/content/media-pager";
import { StatusBadge } from "@/components/content/status-badge";
import { Button } from "@/components/ui/button";
import { Dropzone } from "@/components/uploads/dropzone";
import { acceptAttributeFor, acceptsFile, KIND_MISMATCH } from "@/lib/features/content/kind-rules";
import type { ContentKind } from "@/lib/generated/prisma/enums";
import { UploadList } from "@/components/uploads/upload-list";
import { useUploads } from "@/components/uploads/upload-provider";
import type { MediaPage, mediaStates } from "@/lib/features/content/media-page";
import { fetchJson } from "@/lib/core/http/fetch-json";
import { formatBytes, formatDuration } from "@/lib/core/format";

const POLL_MS = 2000;

/** The wire shape of the poll: the server's own type (type-only import). */
type MediaStates = Awaited<ReturnType<typeof mediaStates>>;

/**
 * The files of a content, a page at a time (issue #36: a 5,000-photo gallery is 50 pages, never
 * 5,000 tiles): drop more (uploaded straight to storage), watch them upload and process, reorder
 * (drag or the arrow buttons, in the gallery order; a file moves across a page's edge too), pick
 * the cover, retry, download, delete, and act on many at once (the bulk bar).
 */
export function MediaManager({
  contentId,
  media,
  coverMediaId,
  single,
  kind,
}: {
  contentId: string;
  media: MediaPage;
  coverMediaId: string | null;
  single: boolean;
  /** The content's kind: a photo gallery takes photos only (refused here before any upload). */
  kind: ContentKind;
}) {
  const t = useTranslations("media");
  const tAll = useTranslations();
  const router = useRouter();
  const { engine } = useUploads();
  const pageItems = media.items;
  const [order, setOrder] = useState(pageItems.map((m) => m.id));
  const [pending, start] = useTransition();
  const dragged = useRef<string | null>(null);
  const [selection, setSelection] = useState<MediaSelectionState>({ ids: new Set(), wholeGallery: false });
  // Files move by hand only in the gallery's own order (by name, a move would mean nothing).
  const movable = media.sort === "position";

  // The server's page wins whenever it changes (adjusted while rendering); a selection is of the
  // page shown, or of the whole gallery as counted: another page, order or count clears it.
  const ids = pageItems.map((m) => m.id).join(",");
  const view = `${media.sort}:${media.page}:${media.total}:${ids}`;
  const [syncedView, setSyncedView] = useState(view);
  if (syncedView !== view) {
    setSyncedView(view);
    setOrder(ids ? ids.split(",") : []);
    setSelection((current) =>
      current.wholeGallery
        ? { ids: new Set(), wholeGallery: false }
        : { ids: new Set([...current.ids].filter((id) => ids.split(",").includes(id))), wholeGallery: false },
    );
  }

  // While files process, poll the states of this page's files (and the gallery's count of files
  // still on their way in), and refresh when one changes.
  const busy =
    media.processing > 0 || pageItems.some((m) => m.state === "processing" || m.state === "uploading");
  const states = pageItems.map((m) => `${m.id}:${m.state}`).join(",");
  useEffect(() => {
    if (!busy) return;
    const seen = [...states.split(",")].sort().join(",");
    const timer = setInterval(async () => {
      const res = await fetchJson<MediaStates>(
        `/api/admin/content/${contentId}/media?ids=${encodeURIComponent(ids)}`,
        { cache: "no-store" },
      );
      if (!res.ok) return;
      const now = res.data.states
        .map((m) => `${m.id}:${m.state}`)
        .sort()
        .join(",");
      if (now !== seen || res.data.processing !== media.processing) router.refresh();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [busy, states, ids, media.processing, contentId, router]);

  const byId = new Map(pageItems.map((m) => [m.id, m]));
  const items = order.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));

  const act = (
    work: () => Promise<{ ok: boolean; message?: string; values?: Record<string, string | number> }>,
    done?: string,
  ) =>
    start(async () => {
      const result = await work();
      if (!result.ok) {
        toast.error(tAll(result.message ?? "errors.serverErrorMessage", result.values));
        setOrder(pageItems.map((m) => m.id));
        return;
      }
      if (done) toast.success(done);
      router.refresh();
    });

  // `to` is a place on this page; one before or after it is on the neighbouring page. The
  // server puts the file at that place of the whole gallery's order.
  const move = (from: number, to: number) => {
    const global = media.offset + to;
    if (!movable || from === to || global < 0 || global >= media.total) return;
    const id = order[from]!;
    if (to >= 0 && to < order.length) {
      const next = [...order];
      next.splice(from, 1);
      next.splice(to, 0, id);
      setOrder(next);
    }
    act(() => moveMediaAction(contentId, id, global));
  };

  return (
    <section aria-labelledby="media-heading" className="flex flex-col gap-4">
      <h2 id="media-heading" className="text-lg font-semibold">
        {t("title")} <span className="text-sm font-normal text-zinc-500">({media.total})</span>
      </h2>
      {media.processing > 0 && (
        <p role="status" className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="media-processing">
          {t("processingCount", { count: media.processing })}
        </p>
      )}
      <Dropzone
        multiple={!single}
        accept={acceptAttributeFor(kind)}
        onFiles={(files) => {
          const [fit, refused] = [
            files.filter((f) => acceptsFile(kind, f)),
            files.filter((f) => !acceptsFile(kind, f)),
          ];
          for (const f of refused) toast.error(tAll(KIND_MISMATCH, { name: f.name }));
          if (fit.length > 0) engine.add(fit, { type: "content", contentId }, () => router.refresh());
        }}
      />
      <UploadList filter={(item) => item.target.type === "content" && item.target.contentId === contentId} />

      {!single && media.total > 1 && (
        <MediaBulkBar
          contentId={contentId}
          media={media}
          selection={selection}
          setSelection={setSelection}
          pending={pending}
          act={act}
        />
      )}
      {!movable && media.total > 1 && (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("bulk.moveOnlyInGalleryOrder")}</p>
      )}

      {items.length === 0 ? (
        <p className="text-sm text-zinc-500">{t("empty")}</p>
      ) : (
        <ol className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" aria-label={t("gallery")}>
          {items.map((m, index) => (
            <li
              key={m.id}
              data-testid="media-item"
              data-state={m.state}
              draggable={movable}
              onDragStart={() => (dragged.current = m.id)}
              onDragOver={(e) => e.preventDefault()}
              onDrop={(e) => {
                e.preventDefault();
                const from = dragged.current ? order.indexOf(dragged.current) : -1;
                dragged.current = null;
                if (from >= 0) move(from, index);
              }}
              className="group flex flex-col overflow-hidden rounded-xl border border-zinc-200 bg-white dark:border-zinc-700 dark:bg-ink-800"
            >
              <div className="relative aspect-square bg-zinc-100 dark:bg-zinc-900">
                {m.thumbUrl ? (
                  // eslint-disable-next-line @next/next/no-img-element -- a short-lived signed URL
                  <img
                    src={m.thumbUrl}
                    alt={m.originalName}
                    className="size-full object-cover"
                    loading="lazy"
                  />
                ) : (
                  <span className="flex size-full items-center justify-center text-zinc-400">
                    {m.kind === "video" ? (
                      <Video aria-hidden className="size-8" />
                    ) : m.kind === "audio" ? (
                      <Music aria-hidden className="size-8" />
                    ) : (
                      <FileText aria-hidden className="size-8" />
                    )}
                  </span>
                )}
                <span className="absolute top-2 left-2 flex gap-1">
                  <StatusBadge tone={m.state}>{t(`state.${m.state}`)}</StatusBadge>
                  {coverMediaId === m.id && <StatusBadge tone="published">{t("cover")}</StatusBadge>}
                  {m.hidden && <StatusBadge tone="archived">{t("hiddenFromFans")}</StatusBadge>}
                </span>
                {single ? (
                  <GripVertical
                    aria-hidden
                    className="absolute top-2 right-2 size-4 text-white/80 opacity-0 drop-shadow group-hover:opacity-100"
                  />
                ) : (
                  <label className="absolute top-1 right-1 flex size-11 items-center justify-center">
                    <input
                      type="checkbox"
                      className="size-5 accent-brand-700"
                      checked={selection.wholeGallery || selection.ids.has(m.id)}
                      onChange={(e) => {
                        // Unticking one file of "the whole gallery" leaves this page's others.
                        const next = new Set(selection.wholeGallery ? items.map((i) => i.id) : selection.ids);
                        if (e.target.checked) next.add(m.id);
                        else next.delete(m.id);
                        setSelection({ ids: next, wholeGallery: false });
                      }}
                      aria-label={t("bulk.select", { name: m.originalName })}
                    />
                  </label>
                )}
              </div>
              <div className="flex flex-1 flex-col gap-1 p-2 text-xs">
                <span className="truncate font-medium" title={m.originalName}>
                  {m.originalName}
                </span>
                <span className="text-zinc-500">
                  {formatBytes(m.sizeBytes)}
                  {m.width && m.height ? ` · ${m.width}×${m.height}` : ""}
                  {m.durationMs ? ` · ${formatDuration(m.durationMs)}` : ""}
                </span>
                {m.state === "failed" && m.processingError && (
                  <span role="alert" className="text-red-600 dark:text-red-400">
                    {tAll(m.processingError)}
                  </span>
                )}
                {/* A ready file can carry a note: its playback rendition failed, the original plays. */}
                {m.state === "ready" && m.processingError && (
                  <span className="text-amber-800 dark:text-amber-300">{tAll(m.processingError)}</span>
                )}
                <div className="mt-auto flex flex-wrap gap-1 pt-1">
                  {movable && (
                    <>
                      <Button
                        type="button"
                        variant="ghost"
                        size="sm"
                        disabled={pending || media.offset + index === 0}
                        onClick={() => move(index, index - 1)}
                        aria-label={t("moveEarlier", { name: m.originalName })}
                      >
                        <ArrowUp aria-hidden className="size-4" />
                      </Button>
                      <Button
                        type="button"
                        variant="ghost"
                        size="sm"
                        disabled={pending || media.offset + index === media.total - 1}
                        onClick={() => move(index, index + 1)}
                        aria-label={t("moveLater", { name: m.originalName })}
                      >
                        <ArrowDown aria-hidden className="size-4" />
                      </Button>
                    </>
                  )}
                  {(m.kind === "photo" || m.kind === "video") &&
                    m.state === "ready" &&
                    coverMediaId !== m.id && (
                      <Button
                        type="button"
                        variant="ghost"
                        size="sm"
                        disabled={pending}
                        onClick={() => act(() => setCoverAction(contentId, m.id), t("coverSet"))}
                        aria-label={t("setCover", { name: m.originalName })}
                      >
                        <Star aria-hidden className="size-4" />
                      </Button>
                    )}
                  {m.state === "failed" && (
                    <Button
                      type="button"
                      variant="ghost"
                      size="sm"
                      disabled={pending}
                      onClick={() => act(() => retryMediaAction(m.id), t("retrying"))}
                      aria-label={t("retry", { name: m.originalName })}
                    >
                      <RotateCcw aria-hidden className="size-4" />
                    </Button>
                  )}
                  {m.state !== "uploading" && (
                    <Button asChild variant="ghost" size="sm">
                      <a
                        href={`/api/admin/media/${m.id}/download`}
                        aria-label={t("download", { name: m.originalName })}
                      >
                        <Download aria-hidden className="size-4" />
                      </a>
                    </Button>
                  )}
                  <ConfirmButton
                    variant="ghost"
                    size="sm"
                    title={t("deleteTitle")}
                    message={t("deleteMessage", { name: m.originalName })}
                    confirmLabel={t("deleteConfirm")}
                    onConfirm={async () => {
                      const result = await deleteMediaAction(m.id);
                      if (!result.ok) toast.error(tAll(result.message, result.values));
                      else {
                        toast.success(t("deleted"));
                        router.refresh();
                      }
                    }}
                  >
                    <Trash2 aria-hidden className="size-4" />
                    <span className="sr-only">{t("delete", { name: m.originalName })}</span>
                  </ConfirmButton>
                </div>
              </div>
            </li>
          ))}
        </ol>
      )}
      {media.total > 0 && <MediaPager contentId={contentId} media={media} />}
    </section>
  );
}
