"use client";

import { Eye, EyeOff, Star, Trash2 } from "lucide-react";
import { useFormatter, useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { toast } from "sonner";
import { EmptyList } from "@/components/admin/empty-list";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { StatusBadge } from "@/components/content/status-badge";
import { Button } from "@/components/ui/button";
import {
  deleteCommentAction,
  loadCommentsAction,
  setCommentHiddenAction,
} from "@/lib/features/comments/actions";
import type { ModeratedComment, ModerationPage } from "@/lib/features/comments/queries";

/**
 * The content's comments with Hide / Show again / Delete. The list is kept here after the
 * first server-rendered page: "Load more" appends, and a moderation updates the row in place
 * once the server has accepted it (never before: a refused action must not look done).
 */
export function CommentModeration({ contentId, initial }: { contentId: string; initial: ModerationPage }) {
  const t = useTranslations("content.comments");
  const tAll = useTranslations();
  const [comments, setComments] = useState(initial.comments);
  const [nextCursor, setNextCursor] = useState(initial.nextCursor);
  const [total, setTotal] = useState(initial.total);
  const [hiddenCount, setHiddenCount] = useState(initial.hiddenCount);
  const [loading, startLoading] = useTransition();

  const loadMore = () =>
    startLoading(async () => {
      const result = await loadCommentsAction(contentId, nextCursor);
      if (!result.ok) {
        toast.error(tAll(result.message));
        return;
      }
      setComments((current) => {
        const seen = new Set(current.map((c) => c.id));
        return [...current, ...result.data.comments.filter((c) => !seen.has(c.id))];
      });
      setNextCursor(result.data.nextCursor);
      setTotal(result.data.total);
      setHiddenCount(result.data.hiddenCount);
    });

  const onHidden = (id: string, hidden: boolean) => {
    setComments((current) => current.map((c) => (c.id === id ? { ...c, hidden } : c)));
    setHiddenCount((n) => n + (hidden ? 1 : -1));
  };
  const onDeleted = (comment: ModeratedComment) => {
    setComments((current) => current.filter((c) => c.id !== comment.id));
    setTotal((n) => n - 1);
    if (comment.hidden) setHiddenCount((n) => n - 1);
  };

  return (
    <div className="flex flex-col gap-3">
      <p
        className="text-sm text-zinc-600 dark:text-zinc-400"
        aria-live="polite"
        data-testid="comments-summary"
      >
        {t("summary", { total, hidden: hiddenCount })}
      </p>
      {comments.length === 0 ? (
        <EmptyList>{t("empty")}</EmptyList>
      ) : (
        <ul className="flex flex-col gap-3">
          {comments.map((comment) => (
            <CommentItem key={comment.id} comment={comment} onHidden={onHidden} onDeleted={onDeleted} />
          ))}
        </ul>
      )}
      {nextCursor && (
        <Button
          type="button"
          variant="secondary"
          className="self-start"
          disabled={loading}
          onClick={loadMore}
        >
          {loading ? t("loading") : t("loadMore")}
        </Button>
      )}
    </div>
  );
}

// A fixed zone: the server and the browser render the same text (no hydration mismatch).
const utcDateTime = {
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "UTC",
  timeZoneName: "short",
} as const;

function CommentItem({
  comment,
  onHidden,
  onDeleted,
}: {
  comment: ModeratedComment;
  onHidden: (id: string, hidden: boolean) => void;
  onDeleted: (comment: ModeratedComment) => void;
}) {
  const t = useTranslations("content.comments");
  const tAll = useTranslations();
  const format = useFormatter();
  const [pending, start] = useTransition();
  const author = comment.authorName ?? t("anonymous");

  const toggleHidden = () =>
    start(async () => {
      const hidden = !comment.hidden;
      const result = await setCommentHiddenAction(comment.id, hidden);
      if (!result.ok) {
        toast.error(tAll(result.message));
        return;
      }
      onHidden(comment.id, hidden);
      toast.success(hidden ? t("hiddenToast") : t("shownToast"));
    });

  return (
    <li
      data-testid="admin-comment"
      className={`flex flex-col gap-2 rounded-xl border p-4 ${
        comment.hidden
          ? "border-dashed border-zinc-300 bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-900/40"
          : "border-zinc-200 dark:border-zinc-700"
      }`}
    >
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-medium">{author}</span>
        {comment.rating !== null && (
          <span
            className="inline-flex items-center gap-0.5"
            role="img"
            aria-label={t("rating", { rating: comment.rating })}
          >
            {Array.from({ length: 5 }, (_, i) => (
              <Star
                key={i}
                aria-hidden
                className={`size-3.5 ${i < (comment.rating ?? 0) ? "fill-amber-400 text-amber-400" : "text-zinc-300"}`}
              />
            ))}
          </span>
        )}
        <time dateTime={comment.createdAt} className="text-zinc-500">
          {format.dateTime(new Date(comment.createdAt), utcDateTime)}
        </time>
        {comment.hidden && <StatusBadge tone="archived">{t("hiddenBadge")}</StatusBadge>}
      </div>
      <p dir="auto" className={`text-sm whitespace-pre-line ${comment.hidden ? "text-zinc-500" : ""}`}>
        {comment.text}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="secondary" size="sm" disabled={pending} onClick={toggleHidden}>
          {comment.hidden ? (
            <Eye aria-hidden className="size-4" />
          ) : (
            <EyeOff aria-hidden className="size-4" />
          )}
          {comment.hidden ? t("show") : t("hide")}
          <span className="sr-only"> ({author})</span>
        </Button>
        <ConfirmButton
          size="sm"
          title={t("deleteTitle")}
          message={t("deleteMessage")}
          confirmLabel={t("deleteConfirm")}
          onConfirm={async () => {
            const result = await deleteCommentAction(comment.id);
            if (!result.ok) {
              toast.error(tAll(result.message));
              return false;
            }
            toast.success(t("deletedToast"));
            onDeleted(comment);
          }}
        >
          <Trash2 aria-hidden className="size-4" />
          {t("delete")}
          <span className="sr-only"> ({author})</span>
        </ConfirmButton>
      </div>
    </li>
  );
}
