import "server-only";
import { recordMemberAudit } from "@/lib/core/audit/record";
import { db } from "@/lib/core/db";
import { appUrl } from "@/lib/core/env";
import { AppError, parseOrThrow } from "@/lib/core/errors";
import type { Locale } from "@/lib/core/i18n/config";
import { consumeLimits } from "@/lib/core/rate-limit/limiter";
import { mailboxLimitKey } from "@/lib/core/rate-limit/mailbox-key";
import { newSecretToken } from "@/lib/core/secret-token";
import type { Prisma } from "@/lib/generated/prisma/client";
import { assertCan } from "@/lib/platform/access/permissions";
import { assertPlanAllows } from "@/lib/platform/plans/enforce";
import type { Membership } from "@/lib/platform/tenancy/membership";
import { getContentOrThrow } from "@/lib/features/content/get-content-or-throw";
import { sendReviewInvitation } from "@/lib/features/review/emails";
import { MAX_DEADLINE_DAYS, reviewerLinkExpiry, reviewPhotoWhere } from "@/lib/features/review/rules";
import { inviteReviewersSchema, REVIEW_LINK_TTL_MS } from "@/lib/features/review/schemas";

/**
 * The organiser's side of a review before publishing (issue #36): invite reviewers to a draft
 * photo gallery (one open review per gallery, created by the first invitation), take a
 * reviewer's link back, cancel the review. Every query is scoped by the member's company.
 */

/**
 * Review e-mails a company may send a day; one address from one company; one address from all
 * companies together (high enough that one company cannot use up someone's allowance of others).
 */
export const REVIEW_INVITE_LIMITS = {
  companyPerDay: 100,
  companyAddressPerDay: 5,
  addressPerDay: 30,
} as const;
const DAY_SECONDS = 24 * 60 * 60;

/** Takes the gallery's row lock: two organisers inviting at once still make one open review. */
async function lockContent(tx: Prisma.TransactionClient, companyId: string, contentId: string) {
  await tx.$queryRaw`SELECT 1 FROM "content" WHERE "id" = ${contentId} AND "companyId" = ${companyId} FOR UPDATE`;
}

async function enforceReviewInviteLimits(companyId: string, emails: readonly string[]): Promise<void> {
  const checks = [
    { key: `review-invite-company:${companyId}`, limit: REVIEW_INVITE_LIMITS.companyPerDay },
    ...emails
      .map((email) => mailboxLimitKey(email))
      .flatMap((mailbox) => [
        {
          key: `review-invite-company-address:${companyId}:${mailbox}`,
          limit: REVIEW_INVITE_LIMITS.companyAddressPerDay,
        },
        { key: `review-invite-address:${mailbox}`, limit: REVIEW_INVITE_LIMITS.addressPerDay },
      ]),
  ];
  // One e-mail counts once against each limit that concerns it.
  for (const check of checks) {
    const outcome = await consumeLimits([check], DAY_SECONDS);
    if (!outcome.allowed)
      throw new AppError("rate_limited", "review.errors.tooManyInvitations", {
        retryAfter: outcome.retryAfter,
        values: { hours: Math.max(1, Math.ceil(outcome.retryAfter / 3600)) },
      });
  }
}

export async function inviteReviewers(
  membership: Membership,
  contentId: string,
  input: unknown,
  locale: Locale,
): Promise<{ reviewId: string; invited: string[] }> {
  assertCan(membership, "content.manage");
  const companyId = membership.company.id;
  const content = await getContentOrThrow(db, companyId, contentId, {
    id: true,
    title: true,
    kind: true,
    status: true,
  });
  await assertPlanAllows(companyId, "galleryReview");
  const data = parseOrThrow(inviteReviewersSchema, input);
  if (content.kind !== "photo_gallery") throw new AppError("validation", "review.errors.notPhotoGallery");
  if (content.status !== "draft") throw new AppError("conflict", "review.errors.notDraft");
  const photos = await db.mediaFile.count({ where: { contentId, companyId, ...reviewPhotoWhere } });
  if (photos === 0) throw new AppError("validation", "review.errors.noPhotos");
  if (data.deadline && data.deadline.getTime() <= Date.now())
    throw new AppError("validation", "review.errors.deadlinePast", {
      fieldErrors: { deadline: "review.errors.deadlinePast" },
    });
  if (data.deadline && data.deadline.getTime() > Date.now() + MAX_DEADLINE_DAYS * 24 * 3600 * 1000)
    throw new AppError("validation", "review.errors.deadlineTooFar", {
      values: { days: MAX_DEADLINE_DAYS },
      fieldErrors: { deadline: "review.errors.deadlineTooFar" },
    });
  await enforceReviewInviteLimits(companyId, data.emails);

  const now = new Date();
  const expiresAt = reviewerLinkExpiry(now, REVIEW_LINK_TTL_MS, data.deadline);
  const settings = {
    message: data.message,
    deadline: data.deadline,
    minApprovals: data.minApprovals,
    maxApprovals: data.maxApprovals,
  };
  const { reviewId, links } = await db.$transaction(async (tx) => {
    await lockContent(tx, companyId, contentId);
    const open = await tx.galleryReview.findFirst({
      where: { contentId, companyId, status: "open" },
      select: { id: true },
    });
    // Inviting again updates what every reviewer of the open review sees.
    const review = open
      ? await tx.galleryReview.update({ where: { id: open.id }, data: settings, select: { id: true } })
      : await tx.galleryReview.create({
          data: { companyId, contentId, createdById: membership.userId, ...settings },
          select: { id: true },
        });
    const links: { email: string; token: string }[] = [];
    for (const email of data.emails) {
      // A new link for someone already invited (the old one stops working); a revoked reviewer
      // invited again is back, with their earlier decisions.
      const { token, tokenHash } = newSecretToken();
      await tx.galleryReviewer.upsert({
        where: { reviewId_email: { reviewId: review.id, email } },
        create: { reviewId: review.id, companyId, email, locale, tokenHash, expiresAt },
        update: { tokenHash, expiresAt, revokedAt: null, invitedAt: now },
      });
      links.push({ email, token });
    }
    return { reviewId: review.id, links };
  });

  // On record before any e-mail leaves (the links are already replaced).
  await recordMemberAudit(membership, {
    record: { table: "gallery_review", id: reviewId },
    details: { operation: "reviewers_invited", contentId, count: links.length },
  });
  const failed: string[] = [];
  for (const { email, token } of links) {
    const sent = sendReviewInvitation({
      to: email,
      url: `${appUrl}/review/${token}`,
      companyId,
      companyName: membership.company.name,
      galleryTitle: content.title,
      inviterName: membership.displayName,
      message: data.message,
      deadline: data.deadline,
      locale,
    });
    // One address the mail server refuses does not keep the others from their invitation.
    await sent.catch((error: unknown) => {
      console.error("[afterglow] review e-mail failed", { error });
      failed.push(email);
    });
  }
  if (failed.length === links.length) throw new AppError("internal", "review.errors.mailFailed");
  return { reviewId, invited: links.map((link) => link.email).filter((email) => !failed.includes(email)) };
}

/** Takes a reviewer's link back: it stops working at once; their decisions stay on record. */
export async function revokeReviewer(membership: Membership, reviewerId: string): Promise<void> {
  assertCan(membership, "content.manage");
  const { count } = await db.galleryReviewer.updateMany({
    where: { id: reviewerId, companyId: membership.company.id, revokedAt: null },
    data: { revokedAt: new Date() },
  });
  if (count === 0) throw new AppError("not_found", "review.errors.reviewerNotFound");
  await recordMemberAudit(membership, {
    record: { table: "gallery_reviewer", id: reviewerId },
    details: { operation: "reviewer_revoked" },
  });
}

/** Ends the gallery's open review without publishing: every link stops working. */
export async function cancelReview(membership: Membership, contentId: string): Promise<void> {
  assertCan(membership, "content.manage");
  const { count } = await db.galleryReview.updateMany({
    where: { contentId, companyId: membership.company.id, status: "open" },
    data: { status: "cancelled" },
  });
  if (count === 0) throw new AppError("not_found", "review.errors.reviewNotFound");
  await recordMemberAudit(membership, {
    record: { table: "content", id: contentId },
    details: { operation: "review_cancelled" },
  });
}
