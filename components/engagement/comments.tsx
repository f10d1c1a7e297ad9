"use client";

import { MessageSquare } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { useCallback, useEffect, useId, useState } from "react";
import {
  engagementClient,
  type ApiResult,
  type CommentPage,
  type PublicComment,
} from "@/components/engagement/api";
import { CommentForm } from "@/components/engagement/comment-form";
import { useEngagement } from "@/components/engagement/engagement-provider";
import { RatingDisplay } from "@/components/engagement/rating-stars";
import { pillButton } from "@/components/ui/pill-styles";
import { resolveLocale } from "@/lib/core/i18n/config";
import { formatCommentDate, formatCount } from "@/lib/surfaces/public-site/format";

const PAGE_SIZE = 10;

function CommentItem({ comment }: { comment: PublicComment }) {
  const t = useTranslations("engagement.comments");
  return (
    <li className="flex flex-col gap-2 border-b border-zinc-200 py-4 last:border-b-0 dark:border-zinc-800">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        {/* A fan's name and words in any script: each takes its own direction (an Arabic or
            Hebrew comment reads right to left on a page in Portuguese). */}
        <bdi className="font-medium">{comment.authorName ?? t("anonymous")}</bdi>
        <RatingDisplay rating={comment.rating} />
        <time dateTime={comment.createdAt} className="text-sm text-zinc-500 dark:text-zinc-400">
          {formatCommentDate(comment.createdAt)}
        </time>
      </div>
      {/* Plain text (React escapes it); line breaks kept. */}
      <p dir="auto" className="break-words whitespace-pre-line text-zinc-700 dark:text-zinc-300">
        {comment.text}
      </p>
    </li>
  );
}

/**
 * The comments under the media: the form, then the visible comments newest first, a page at a
 * time. Read after mount, like the rest of the visitor's view of the (cached) page.
 */
export function Comments() {
  const t = useTranslations();
  const locale = resolveLocale(useLocale());
  const { target, state, update } = useEngagement();
  const visitorKnown = state !== null;
  const headingId = useId();
  const [comments, setComments] = useState<PublicComment[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [total, setTotal] = useState<number | null>(null);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [announcement, setAnnouncement] = useState("");

  const showPage = useCallback((result: ApiResult<CommentPage>) => {
    setLoading(false);
    setFailed(!result.ok);
    if (!result.ok) return;
    const page = result.data;
    setComments((shown) => {
      const known = new Set(shown.map((c) => c.id));
      return [...shown, ...page.comments.filter((c) => !known.has(c.id))];
    });
    setCursor(page.nextCursor);
    setTotal(page.total);
  }, []);

  useEffect(() => {
    if (visitorKnown) void engagementClient.comments(target.contentId, null, PAGE_SIZE).then(showPage);
  }, [visitorKnown, target.contentId, showPage]);

  const loadMore = () => {
    setLoading(true);
    void engagementClient.comments(target.contentId, cursor, PAGE_SIZE).then(showPage);
  };

  function posted(comment: PublicComment) {
    setComments((shown) => [comment, ...shown.filter((c) => c.id !== comment.id)]);
    setTotal((n) => (n ?? 0) + 1);
    update((s) => ({ ...s, comments: s.comments + 1 }));
    const text = t("engagement.comments.posted");
    setAnnouncement((a) => (a === text ? `${text}\u00a0` : text));
  }

  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-4 border-t border-zinc-200 pt-6 dark:border-zinc-800"
    >
      <h2 id={headingId} className="flex items-baseline gap-2 text-xl font-bold tracking-tight sm:text-2xl">
        <MessageSquare aria-hidden className="size-5 self-center" />
        {t("engagement.comments.title")}
        {total !== null && total > 0 && (
          <span className="text-base font-normal text-zinc-500 dark:text-zinc-400">
            ({t("engagement.comments.count", { count: total, countText: formatCount(total, locale) })})
          </span>
        )}
      </h2>
      <CommentForm contentId={target.contentId} onPosted={posted} />
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {comments.length > 0 ? (
        <ul aria-label={t("engagement.comments.title")} data-testid="comment-list">
          {comments.map((comment) => (
            <CommentItem key={comment.id} comment={comment} />
          ))}
        </ul>
      ) : (
        !loading &&
        !failed && <p className="text-zinc-600 dark:text-zinc-400">{t("engagement.comments.empty")}</p>
      )}
      {failed && (
        <p role="alert" className="flex flex-wrap items-center gap-3 text-red-600 dark:text-red-400">
          {t("errors.loadError")}
          <button type="button" onClick={loadMore} className={pillButton}>
            {t("common.tryAgain")}
          </button>
        </p>
      )}
      {loading && (
        <p aria-live="polite" className="text-sm text-zinc-500 dark:text-zinc-400">
          {t("common.loading")}
        </p>
      )}
      {cursor && !loading && !failed && (
        <div>
          <button type="button" onClick={loadMore} className={pillButton}>
            {t("engagement.comments.loadMore")}
          </button>
        </div>
      )}
    </section>
  );
}
