import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { ReviewControls } from "@/components/review/review-controls";
import { ReviewInviteForm } from "@/components/review/review-invite-form";
import { CardSection } from "@/components/ui/card";
import { getPlanSummary } from "@/lib/features/billing/overview";
import { getMediaItems, readyPhotoCount } from "@/lib/features/content/media-page";
import type { ContentForEdit } from "@/lib/features/content/queries";
import { getGalleryReview } from "@/lib/features/review/queries";
import { planAllows } from "@/lib/platform/plans/gate";
import type { Membership } from "@/lib/platform/tenancy/membership";

/**
 * Review before publishing (issue #36) on a photo gallery's admin page: invite reviewers to the
 * draft, follow who approved what, publish the approved set in one action. On a plan without it,
 * a pointer to the plans (the actions refuse it too). The page loaded the gallery through the
 * guard, so `content` is the member's company's.
 */
export async function ReviewPanel({
  membership,
  content,
}: {
  membership: Membership;
  content: ContentForEdit;
}) {
  const companyId = membership.company.id;
  const [t, format, { plan }, review] = await Promise.all([
    getTranslations("review.admin"),
    getFormatter(),
    getPlanSummary(companyId),
    getGalleryReview(companyId, content.id),
  ]);
  const frame = { id: "review-heading", title: t("title"), description: t("description") };
  if (!planAllows(plan, "galleryReview")) {
    return (
      <CardSection {...frame}>
        <div className="mt-3 flex flex-col gap-2" data-testid="review-locked">
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("locked")}</p>
          <Link
            href="/admin/subscription"
            className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-400"
          >
            {t("upgrade")}
          </Link>
        </div>
      </CardSection>
    );
  }
  const open = review?.status === "open" ? review : null;
  // The photos a verdict names only (a large gallery's others are neither read nor signed).
  const [photoCount, verdictRows] = await Promise.all([
    readyPhotoCount(companyId, content.id),
    open
      ? getMediaItems(companyId, content.id, Object.keys(open.verdicts)).then((items) =>
          items.filter((m) => m.kind === "photo" && m.state === "ready"),
        )
      : [],
  ]);

  return (
    <CardSection {...frame}>
      <div className="mt-4 flex flex-col gap-6" data-testid="review-panel">
        {review && review.status !== "open" && (
          <p className="text-sm text-zinc-700 dark:text-zinc-300" data-testid="review-ended">
            {review.status === "published" && review.publishedAt
              ? t("endedPublished", {
                  date: format.dateTime(review.publishedAt, { dateStyle: "medium", timeStyle: "short" }),
                })
              : t("endedCancelled")}
          </p>
        )}

        {content.status !== "draft" && !open ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("onlyDrafts")}</p>
        ) : photoCount === 0 ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="review-no-photos">
            {t("noPhotos")}
          </p>
        ) : (
          <ReviewInviteForm
            contentId={content.id}
            open={open !== null}
            initial={{
              message: open?.message ?? "",
              deadline: open?.deadline?.toISOString() ?? null,
              minApprovals: open?.minApprovals ?? null,
              maxApprovals: open?.maxApprovals ?? null,
            }}
          />
        )}

        {open && (
          <>
            <div className="flex flex-col gap-2">
              <h3 className="font-semibold">{t("reviewersTitle")}</h3>
              <ReviewControls
                contentId={content.id}
                approvedCount={open.approvedCount}
                photoCount={photoCount}
                reviewers={open.reviewers.map((r) => ({
                  id: r.id,
                  email: r.email,
                  state: r.state,
                  approved: r.approved,
                  rejected: r.rejected,
                }))}
              />
            </div>
            <div className="flex flex-col gap-2">
              <h3 className="font-semibold">{t("verdictsTitle")}</h3>
              {verdictRows.length === 0 ? (
                <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("noVerdicts")}</p>
              ) : (
                <ul className="grid gap-3 sm:grid-cols-2" data-testid="review-verdicts">
                  {verdictRows.map((m) => {
                    const v = open.verdicts[m.id]!;
                    return (
                      <li
                        key={m.id}
                        className="flex gap-3 rounded-lg border border-zinc-200 p-2 text-sm dark:border-zinc-700"
                      >
                        {m.thumbUrl && (
                          // eslint-disable-next-line @next/next/no-img-element -- an admin thumbnail from our own media route
                          <img
                            src={m.thumbUrl}
                            alt={m.originalName}
                            className="size-20 shrink-0 rounded object-cover"
                          />
                        )}
                        <div className="flex min-w-0 flex-col gap-1">
                          <span className="truncate font-medium">{m.originalName}</span>
                          {v.approvedBy.length > 0 && (
                            <span className="text-emerald-800 dark:text-emerald-300">
                              {t("approvedBy", { names: v.approvedBy.join(", ") })}
                            </span>
                          )}
                          {v.rejectedBy.length > 0 && (
                            <span className="text-red-700 dark:text-red-300">
                              {t("rejectedBy", { names: v.rejectedBy.join(", ") })}
                            </span>
                          )}
                          {v.notes.map((n) => (
                            <span key={n.email} className="break-words text-zinc-700 dark:text-zinc-300">
                              <span className="font-medium">{n.email}:</span> {n.note}
                            </span>
                          ))}
                        </div>
                      </li>
                    );
                  })}
                </ul>
              )}
            </div>
          </>
        )}
      </div>
    </CardSection>
  );
}
