"use client";

import { Heart } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "@/components/ui/lazy-toast";
import { engagementClient } from "@/components/engagement/api";
import { useEngagement } from "@/components/engagement/engagement-provider";
import { pillColours, pillShape } from "@/components/ui/pill-styles";
import { cx } from "@/lib/core/join-classes";
import { resolveLocale } from "@/lib/core/i18n/config";
import { formatCount } from "@/lib/surfaces/public-site/format";

/**
 * Like with its count. The change shows at once and is rolled back if the server refuses it;
 * the request names the wanted state (not "toggle"), so a retry cannot undo it.
 */
export function LikeButton() {
  const t = useTranslations();
  const locale = resolveLocale(useLocale());
  const { target, state, update } = useEngagement();
  const [pending, setPending] = useState(false);
  const liked = state?.liked ?? false;
  const countText = state ? formatCount(state.likes, locale) : null;

  async function onClick() {
    if (!state || pending) return;
    const desired = !state.liked;
    const before = { liked: state.liked, likes: state.likes };
    setPending(true);
    update((s) => ({ ...s, liked: desired, likes: Math.max(0, s.likes + (desired ? 1 : -1)) }));
    const result = await engagementClient.like(target.contentId, desired);
    setPending(false);
    if (result.ok) {
      update((s) => ({ ...s, liked: result.data.liked, likes: result.data.likes }));
    } else {
      update((s) => ({ ...s, ...before }));
      toast.error(t("errors.likeError"));
    }
  }

  return (
    <button
      type="button"
      aria-pressed={liked}
      aria-busy={pending || !state}
      disabled={!state}
      // aria-disabled rather than disabled while sending: a disabled button drops keyboard focus.
      aria-disabled={pending || undefined}
      onClick={onClick}
      // The name holds the count as shown, not in parentheses (WCAG 2.5.3, axe label-content-name-mismatch):
      // both written by formatCount, so "1,234" on the button is "1,234 likes" in its name.
      aria-label={
        state && countText !== null
          ? t("engagement.like.label", { count: state.likes, countText })
          : t("engagement.like.loading")
      }
      className={cx(
        pillShape,
        liked
          ? "border-red-300 bg-red-50 text-red-700 dark:border-red-800 dark:bg-red-950 dark:text-red-300"
          : pillColours,
      )}
      data-testid="like-button"
    >
      <Heart aria-hidden className={cx("size-5", liked && "fill-current")} />
      <span className="min-w-4 tabular-nums" data-testid="like-count">
        {countText ?? "–"}
      </span>
    </button>
  );
}
