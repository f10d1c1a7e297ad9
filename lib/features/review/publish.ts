import "server-only";
import { recordMemberAudit } from "@/lib/core/audit/record";
import { db } from "@/lib/core/db";
import { AppError } from "@/lib/core/errors";
import { isLocale, defaultLocale } from "@/lib/core/i18n/config";
import { assertCan } from "@/lib/platform/access/permissions";
import { assertPlanAllows } from "@/lib/platform/plans/enforce";
import type { Membership } from "@/lib/platform/tenancy/membership";
import type { ContentChange } from "@/lib/features/content/save-content";
import { sendReviewPublished } from "@/lib/features/review/emails";
import { approvedSet, reviewPhotoWhere } from "@/lib/features/review/rules";
import { itemShortCode } from "@/lib/features/short-links/item-link";
import { shortLinkOrigin, shortLinkUrl } from "@/lib/features/short-links/origin";

/**
 * Publishes a reviewed gallery with exactly its approved set (issue #36): in one transaction,
 * under the gallery's and the review's row locks, every media of the gallery outside the approved
 * set is hidden from fans (kept in the admin: nothing is deleted; a photo hidden by hand was never
 * in the review, so it stays hidden), the gallery goes live and the review closes. Reviewers whose link was taken back are not counted. Then every
 * reviewer is told, with the gallery's link.
 */
export async function publishApprovedSet(
  membership: Membership,
  contentId: string,
): Promise<{ changed: ContentChange; published: number; hidden: number }> {
  assertCan(membership, "content.manage");
  const companyId = membership.company.id;
  const now = new Date();
  await assertPlanAllows(companyId, "galleryReview", now);
  const outcome = await db.$transaction(async (tx) => {
    const [content] = await tx.$queryRaw<
      { id: string; status: string; title: string; coverMediaId: string | null }[]
    >`
      SELECT "id", "status", "title", "coverMediaId" FROM "content"
      WHERE "id" = ${contentId} AND "companyId" = ${companyId} FOR UPDATE`;
    if (!content) throw new AppError("not_found", "content.errors.notFound");
    // Exclusive on the review's row: a reviewer's decision in flight (it holds the row shared)
    // lands before the approved set is computed, and any later one finds the review closed.
    await tx.$queryRaw`SELECT 1 FROM "gallery_review"
      WHERE "contentId" = ${contentId} AND "companyId" = ${companyId} AND "status" = 'open' FOR UPDATE`;
    const review = await tx.galleryReview.findFirst({
      where: { contentId, companyId, status: "open" },
      select: { id: true, reviewers: { select: { id: true, email: true, locale: true, revokedAt: true } } },
    });
    if (!review) throw new AppError("not_found", "review.errors.reviewNotFound");
    if (content.status !== "draft") throw new AppError("conflict", "review.errors.notDraft");
    const counted = review.reviewers.filter((r) => !r.revokedAt).map((r) => r.id);
    const [photos, decisions, events] = await Promise.all([
      tx.mediaFile.findMany({
        where: { contentId, companyId, ...reviewPhotoWhere },
        orderBy: [{ position: "asc" }, { createdAt: "asc" }],
        select: { id: true },
      }),
      tx.galleryReviewDecision.findMany({
        where: { reviewerId: { in: counted } },
        select: { mediaId: true, decision: true },
      }),
      tx.contentEvent.findMany({ where: { contentId }, select: { eventId: true } }),
    ]);
    const approved = approvedSet(
      photos.map((p) => p.id),
      decisions,
    );
    if (approved.size === 0) throw new AppError("conflict", "review.errors.nothingApproved");
    const shown = [...approved];
    await tx.mediaFile.updateMany({
      where: { contentId, companyId, id: { in: shown } },
      data: { hidden: false },
    });
    const { count: hidden } = await tx.mediaFile.updateMany({
      where: { contentId, companyId, id: { notIn: shown } },
      data: { hidden: true },
    });
    await tx.content.updateMany({
      where: { id: contentId, companyId },
      data: {
        status: "published",
        publishedAt: now,
        // A cover the review left out is no cover: the first approved photo stands in.
        ...(!content.coverMediaId || !approved.has(content.coverMediaId) ? { coverMediaId: shown[0]! } : {}),
      },
    });
    await tx.galleryReview.update({
      where: { id: review.id },
      data: { status: "published", publishedAt: now },
    });
    return {
      title: content.title,
      reviewId: review.id,
      published: shown.length,
      hidden,
      eventIds: events.map((e) => e.eventId),
      notify: review.reviewers.filter((r) => !r.revokedAt),
    };
  });

  await recordMemberAudit(membership, {
    record: { table: "gallery_review", id: outcome.reviewId },
    details: {
      operation: "approved_set_published",
      contentId,
      published: outcome.published,
      hidden: outcome.hidden,
    },
  });
  if (outcome.notify.length > 0) {
    const url = shortLinkUrl(
      await shortLinkOrigin(companyId),
      await itemShortCode(companyId, { kind: "content", id: contentId }),
    );
    for (const reviewer of outcome.notify) {
      // One failed e-mail must not hide that the gallery is live (it is): logged, the rest go on.
      await sendReviewPublished({
        to: reviewer.email,
        url,
        count: outcome.published,
        companyId,
        companyName: membership.company.name,
        galleryTitle: outcome.title,
        locale: isLocale(reviewer.locale) ? reviewer.locale : defaultLocale,
      }).catch((error: unknown) => console.error("[afterglow] review e-mail failed", { error }));
    }
  }
  return {
    changed: { companyId, contentIds: [contentId], eventIds: outcome.eventIds },
    published: outcome.published,
    hidden: outcome.hidden,
  };
}
