import "server-only";
import { recordAudit } from "@/lib/core/audit/record";
import { db } from "@/lib/core/db";
import { AppError, parseOrThrow } from "@/lib/core/errors";
import { enforceLimits } from "@/lib/core/rate-limit/limiter";
import { hashSecretToken } from "@/lib/core/secret-token";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { ReviewDecision } from "@/lib/generated/prisma/enums";
import { appUrl } from "@/lib/core/env";
import { defaultLocale, isLocale } from "@/lib/core/i18n/config";
import { sendReviewFinished } from "@/lib/features/review/emails";
import { loadEffectivePlan } from "@/lib/platform/plans/effective";
import { planAllows } from "@/lib/platform/plans/gate";
import { selectionProblem, reviewPhotoWhere } from "@/lib/features/review/rules";
import { reviewDecisionSchema } from "@/lib/features/review/schemas";

/**
 * A reviewer's side of a review before publishing (issue #36): no account, the e-mailed link is
 * the credential (only its hash is stored). Every action is checked against the link's state
 * (revoked, expired, the review published or cancelled, the deadline) and audited.
 */

/** Why a link does not open its review (the page says so in the reviewer's language). */
export type ReviewerLinkState = "invalid" | "expired" | "closed" | "open";

/** Reviewer actions per link and minute: a person clicking through 300 photos fast, with room. */
const ACTIONS_PER_MINUTE = 240;

const reviewerSelect = {
  id: true,
  companyId: true,
  email: true,
  locale: true,
  expiresAt: true,
  revokedAt: true,
  doneAt: true,
  lastSeenAt: true,
  review: {
    select: {
      id: true,
      status: true,
      contentId: true,
      message: true,
      deadline: true,
      minApprovals: true,
      maxApprovals: true,
      content: { select: { title: true, company: { select: { name: true } } } },
    },
  },
} satisfies Prisma.GalleryReviewerSelect;
export type ReviewerRow = Prisma.GalleryReviewerGetPayload<{ select: typeof reviewerSelect }>;

/** The reviewer behind a link, and whether it opens the review now. */
export async function findReviewer(
  token: string,
  now = new Date(),
): Promise<{ state: ReviewerLinkState; reviewer: ReviewerRow | null }> {
  if (typeof token !== "string" || token.length < 20 || token.length > 100)
    return { state: "invalid", reviewer: null };
  const reviewer = await db.galleryReviewer.findUnique({
    where: { tokenHash: hashSecretToken(token) },
    select: reviewerSelect,
  });
  if (!reviewer || reviewer.revokedAt) return { state: "invalid", reviewer: null };
  if (reviewer.review.status !== "open") return { state: "closed", reviewer };
  if (reviewer.expiresAt <= now) return { state: "expired", reviewer };
  // A company no longer on a plan with reviews (a trial ended, a downgrade): its reviews stop.
  const { plan } = await loadEffectivePlan(db, reviewer.companyId, now);
  if (!planAllows(plan, "galleryReview")) return { state: "closed", reviewer };
  return { state: "open", reviewer };
}

/** A link that opens its review, or the 404 every other link gets (nothing is told about it). */
async function openReviewer(token: string): Promise<ReviewerRow> {
  const { state, reviewer } = await findReviewer(token);
  if (state !== "open" || !reviewer) throw new AppError("not_found", "review.errors.linkInvalid");
  await enforceLimits([{ key: `review-actions:${reviewer.id}`, limit: ACTIONS_PER_MINUTE }], 60);
  return reviewer;
}

function assertCanStillDecide(
  reviewer: { doneAt: Date | null; review: { deadline: Date | null } },
  now = new Date(),
): void {
  if (reviewer.doneAt) throw new AppError("conflict", "review.errors.alreadyDone");
  if (reviewer.review.deadline && reviewer.review.deadline <= now)
    throw new AppError("conflict", "review.errors.deadlinePassed");
}

/**
 * Inside a reviewer's write: the review's row shared (publishing takes it exclusively, so a
 * decision is either in before the approved set is computed or refused after) and the
 * reviewer's row exclusive (two tabs go one after the other), then everything checked again on
 * what is now current: the link, the review, "done" and the deadline.
 */
async function lockStillOpen(tx: Prisma.TransactionClient, reviewer: ReviewerRow): Promise<void> {
  const [review] = await tx.$queryRaw<{ status: string; deadline: Date | null }[]>`
    SELECT "status", "deadline" FROM "gallery_review" WHERE "id" = ${reviewer.review.id} FOR SHARE`;
  const [me] = await tx.$queryRaw<{ doneAt: Date | null; revokedAt: Date | null; expiresAt: Date }[]>`
    SELECT "doneAt", "revokedAt", "expiresAt" FROM "gallery_reviewer" WHERE "id" = ${reviewer.id} FOR UPDATE`;
  if (!review || !me || review.status !== "open" || me.revokedAt || me.expiresAt <= new Date())
    throw new AppError("not_found", "review.errors.linkInvalid");
  assertCanStillDecide({ doneAt: me.doneAt, review: { deadline: review.deadline } });
}

function audit(
  reviewer: ReviewerRow,
  operation: string,
  details: Record<string, string | number | null> = {},
) {
  return recordAudit({
    action: "gallery_review",
    tableName: "gallery_reviewer",
    recordId: reviewer.id,
    companyId: reviewer.companyId,
    details: { operation, reviewId: reviewer.review.id, contentId: reviewer.review.contentId, ...details },
  });
}

export interface ReviewPhoto {
  id: string;
  width: number | null;
  height: number | null;
  decision: ReviewDecision | null;
  note: string | null;
}

export interface ReviewPage {
  reviewer: ReviewerRow;
  photos: ReviewPhoto[];
}

/** The review page of an open link: every ready photo of the draft with this reviewer's word on it. */
export async function loadReviewPage(token: string): Promise<ReviewPage | null> {
  const { state, reviewer } = await findReviewer(token);
  if (state !== "open" || !reviewer) return null;
  const [media, decisions] = await Promise.all([
    db.mediaFile.findMany({
      where: { contentId: reviewer.review.contentId, companyId: reviewer.companyId, ...reviewPhotoWhere },
      orderBy: [{ position: "asc" }, { createdAt: "asc" }],
      select: { id: true, width: true, height: true },
    }),
    db.galleryReviewDecision.findMany({
      where: { reviewerId: reviewer.id },
      select: { mediaId: true, decision: true, note: true },
    }),
  ]);
  const byMedia = new Map(decisions.map((d) => [d.mediaId, d]));
  if (!reviewer.lastSeenAt) await audit(reviewer, "opened");
  await db.galleryReviewer.update({ where: { id: reviewer.id }, data: { lastSeenAt: new Date() } });
  return {
    reviewer,
    photos: media.map((m) => ({
      ...m,
      decision: byMedia.get(m.id)?.decision ?? null,
      note: byMedia.get(m.id)?.note ?? null,
    })),
  };
}

/** The photo a link may act on: a ready photo of its review's gallery, or 404. */
async function reviewPhotoOrThrow(reviewer: ReviewerRow, mediaId: string) {
  const media = await db.mediaFile.findFirst({
    where: {
      id: mediaId,
      contentId: reviewer.review.contentId,
      companyId: reviewer.companyId,
      ...reviewPhotoWhere,
    },
    select: { id: true },
  });
  if (!media) throw new AppError("not_found", "review.errors.photoNotFound");
  return media;
}

/**
 * Approves, rejects or clears one photo, and/or sets its note (a field left out is kept).
 * Over the organiser's maximum an approval is refused, so the reviewer's selection never
 * exceeds it; the count is taken under the reviewer's row lock (two tabs cannot both pass it).
 */
export async function decidePhoto(
  token: string,
  input: unknown,
): Promise<{ mediaId: string; decision: ReviewDecision | null; note: string | null; approvals: number }> {
  const reviewer = await openReviewer(token);
  const data = parseOrThrow(reviewDecisionSchema, input);
  assertCanStillDecide(reviewer);
  await reviewPhotoOrThrow(reviewer, data.mediaId);
  const result = await db.$transaction(async (tx) => {
    await lockStillOpen(tx, reviewer);
    if (data.decision === "approved" && reviewer.review.maxApprovals !== null) {
      const others = await tx.galleryReviewDecision.count({
        where: { reviewerId: reviewer.id, decision: "approved", mediaId: { not: data.mediaId } },
      });
      if (others >= reviewer.review.maxApprovals)
        throw new AppError("conflict", "review.errors.tooMany", {
          values: { count: reviewer.review.maxApprovals },
        });
    }
    const change = {
      ...(data.decision !== undefined ? { decision: data.decision } : {}),
      ...(data.note !== undefined ? { note: data.note || null } : {}),
    };
    const saved = await tx.galleryReviewDecision.upsert({
      where: { reviewerId_mediaId: { reviewerId: reviewer.id, mediaId: data.mediaId } },
      create: { reviewerId: reviewer.id, mediaId: data.mediaId, decision: null, note: null, ...change },
      update: change,
      select: { decision: true, note: true },
    });
    const approvals = await tx.galleryReviewDecision.count({
      where: { reviewerId: reviewer.id, decision: "approved" },
    });
    return { ...saved, approvals };
  });
  await audit(reviewer, data.note !== undefined && data.decision === undefined ? "noted" : "decided", {
    mediaId: data.mediaId,
    decision: result.decision,
    noteLength: result.note?.length ?? 0,
  });
  return { mediaId: data.mediaId, ...result };
}

/** The reviewer says they are done: within the organiser's bounds, then their word is final. */
export async function finishReview(token: string): Promise<{ approvals: number }> {
  const reviewer = await openReviewer(token);
  assertCanStillDecide(reviewer);
  const approvals = await db.$transaction(async (tx) => {
    await lockStillOpen(tx, reviewer);
    const approved = await tx.galleryReviewDecision.count({
      where: { reviewerId: reviewer.id, decision: "approved" },
    });
    const problem = selectionProblem(approved, reviewer.review);
    if (problem)
      throw new AppError("validation", `review.errors.${problem.key}`, { values: { count: problem.count } });
    await tx.galleryReviewer.update({ where: { id: reviewer.id }, data: { doneAt: new Date() } });
    return approved;
  });
  await audit(reviewer, "done", { approvals });
  await tellOrganiser(reviewer, approvals).catch((error: unknown) =>
    console.error("[afterglow] review e-mail failed", { error }),
  );
  return { approvals };
}

/** The organiser who opened the review hears that a reviewer finished (if they are still a member). */
async function tellOrganiser(reviewer: ReviewerRow, approvals: number): Promise<void> {
  const review = await db.galleryReview.findUniqueOrThrow({
    where: { id: reviewer.review.id },
    select: { createdById: true },
  });
  if (!review.createdById) return;
  const organiser = await db.user.findFirst({
    where: { id: review.createdById, profile: { companyId: reviewer.companyId } },
    select: { email: true },
  });
  if (!organiser) return;
  const total = await db.mediaFile.count({
    where: {
      contentId: reviewer.review.contentId,
      companyId: reviewer.companyId,
      ...reviewPhotoWhere,
    },
  });
  await sendReviewFinished({
    to: organiser.email,
    url: `${appUrl}/admin/content/${reviewer.review.contentId}`,
    reviewer: reviewer.email,
    approved: approvals,
    total,
    companyId: reviewer.companyId,
    companyName: reviewer.review.content.company.name,
    galleryTitle: reviewer.review.content.title,
    // The language the organiser invited in (kept on each reviewer of theirs).
    locale: isLocale(reviewer.locale) ? reviewer.locale : defaultLocale,
  });
}
