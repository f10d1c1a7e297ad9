"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { StatusBadge } from "@/components/content/status-badge";
import { ConfirmButton } from "@/components/ui/confirm-button";
import {
  cancelReviewAction,
  publishApprovedSetAction,
  revokeReviewerAction,
} from "@/lib/features/review/actions";

interface ReviewerView {
  id: string;
  email: string;
  state: "invited" | "viewed" | "done" | "revoked" | "expired";
  approved: number;
  rejected: number;
}

const tone = {
  invited: "draft",
  viewed: "draft",
  done: "published",
  revoked: "archived",
  expired: "archived",
} as const;

/**
 * The open review's reviewers (where each one is, their counts, take a link back) and its two
 * endings: publish the approved set, or cancel. Both ask first: publishing shows fans exactly
 * the approved photos and hides the rest (kept in the admin).
 */
export function ReviewControls({
  contentId,
  approvedCount,
  photoCount,
  reviewers,
}: {
  contentId: string;
  approvedCount: number;
  photoCount: number;
  reviewers: ReviewerView[];
}) {
  const t = useTranslations("review.admin");
  const tAll = useTranslations();
  const router = useRouter();
  const failed = (result: { ok: false; message: string; values: Record<string, string | number> }) => {
    toast.error(tAll(result.message, result.values));
    return false;
  };

  return (
    <div className="flex flex-col gap-4">
      <ul className="flex flex-col divide-y divide-zinc-200 dark:divide-zinc-700" data-testid="reviewers">
        {reviewers.map((r) => (
          <li
            key={r.id}
            className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm"
            data-testid="reviewer"
          >
            <span className="min-w-0 truncate font-medium">{r.email}</span>
            <span className="flex flex-wrap items-center gap-3">
              <StatusBadge tone={tone[r.state]}>{t(`state.${r.state}`)}</StatusBadge>
              <span className="text-zinc-700 dark:text-zinc-300">
                {t("reviewerCounts", { approved: r.approved, rejected: r.rejected })}
              </span>
              {r.state !== "revoked" && (
                <ConfirmButton
                  size="sm"
                  variant="secondary"
                  title={t("revokeTitle")}
                  message={t("revokeMessage", { email: r.email })}
                  confirmLabel={t("revokeConfirm")}
                  onConfirm={async () => {
                    const result = await revokeReviewerAction(r.id);
                    if (!result.ok) return failed(result);
                    router.refresh();
                  }}
                >
                  {t("revoke")}
                </ConfirmButton>
              )}
            </span>
          </li>
        ))}
      </ul>

      <p className="text-sm" data-testid="review-approved-count">
        {t("approvedCount", { approved: approvedCount, total: photoCount })}
      </p>
      <p className="text-xs text-zinc-600 dark:text-zinc-400">{t("rule")}</p>
      <div className="flex flex-wrap gap-2">
        <ConfirmButton
          variant="primary"
          title={t("publishTitle")}
          message={t("publishMessage", { approved: approvedCount, hidden: photoCount - approvedCount })}
          confirmLabel={t("publishConfirm")}
          onConfirm={async () => {
            const result = await publishApprovedSetAction(contentId);
            if (!result.ok) return failed(result);
            toast.success(t("publishedToast", { count: result.data.published }));
            router.refresh();
          }}
        >
          {t("publish")}
        </ConfirmButton>
        <ConfirmButton
          variant="secondary"
          title={t("cancelTitle")}
          message={t("cancelMessage")}
          confirmLabel={t("cancelConfirm")}
          onConfirm={async () => {
            const result = await cancelReviewAction(contentId);
            if (!result.ok) return failed(result);
            router.refresh();
          }}
        >
          {t("cancel")}
        </ConfirmButton>
      </div>
    </div>
  );
}
