import "server-only";
import { db } from "@/lib/core/db";
import type { GalleryReviewStatus, ReviewDecision } from "@/lib/generated/prisma/enums";
import { approvedSet, reviewPhotoWhere } from "@/lib/features/review/rules";

/** One reviewer as the organiser sees them. */
export interface ReviewerSummary {
  id: string;
  email: string;
  state: "invited" | "viewed" | "done" | "revoked" | "expired";
  approved: number;
  rejected: number;
  invitedAt: Date;
}

/** One photo's words: who approved, who rejected, and the notes. */
export interface PhotoVerdicts {
  approvedBy: string[];
  rejectedBy: string[];
  notes: { email: string; note: string }[];
}

export interface ReviewSummary {
  id: string;
  status: GalleryReviewStatus;
  message: string | null;
  deadline: Date | null;
  minApprovals: number | null;
  maxApprovals: number | null;
  publishedAt: Date | null;
  reviewers: ReviewerSummary[];
  /** By media id, only photos someone spoke about. */
  verdicts: Record<string, PhotoVerdicts>;
  /** How many photos would be published now (`approvedSet`). */
  approvedCount: number;
}

/**
 * The gallery's review for its admin page: the open one, else the latest that ended. Scoped by
 * the company (the caller passes the member's), so another tenant's id reads nothing.
 */
export async function getGalleryReview(
  companyId: string,
  contentId: string,
  now = new Date(),
): Promise<ReviewSummary | null> {
  const review = await db.galleryReview.findFirst({
    where: { contentId, companyId },
    orderBy: [{ status: "asc" }, { createdAt: "desc" }],
    select: {
      id: true,
      status: true,
      message: true,
      deadline: true,
      minApprovals: true,
      maxApprovals: true,
      publishedAt: true,
      reviewers: {
        orderBy: { invitedAt: "asc" },
        select: {
          id: true,
          email: true,
          invitedAt: true,
          lastSeenAt: true,
          doneAt: true,
          revokedAt: true,
          expiresAt: true,
          decisions: { select: { mediaId: true, decision: true, note: true } },
        },
      },
    },
  });
  if (!review) return null;
  const verdicts: Record<string, PhotoVerdicts> = {};
  const counted: { mediaId: string; decision: ReviewDecision | null }[] = [];
  const reviewers = review.reviewers.map((reviewer): ReviewerSummary => {
    let approved = 0;
    let rejected = 0;
    for (const d of reviewer.decisions) {
      const entry = (verdicts[d.mediaId] ??= { approvedBy: [], rejectedBy: [], notes: [] });
      if (d.decision === "approved") approved++;
      if (d.decision === "rejected") rejected++;
      if (!reviewer.revokedAt) {
        if (d.decision === "approved") entry.approvedBy.push(reviewer.email);
        if (d.decision === "rejected") entry.rejectedBy.push(reviewer.email);
        counted.push(d);
      }
      if (d.note) entry.notes.push({ email: reviewer.email, note: d.note });
    }
    const state = reviewer.revokedAt
      ? "revoked"
      : reviewer.doneAt
        ? "done"
        : reviewer.expiresAt <= now
          ? "expired"
          : reviewer.lastSeenAt
            ? "viewed"
            : "invited";
    return {
      id: reviewer.id,
      email: reviewer.email,
      state,
      approved,
      rejected,
      invitedAt: reviewer.invitedAt,
    };
  });
  const photos = await db.mediaFile.findMany({
    where: { contentId, companyId, ...reviewPhotoWhere },
    select: { id: true },
  });
  return {
    id: review.id,
    status: review.status,
    message: review.message,
    deadline: review.deadline,
    minApprovals: review.minApprovals,
    maxApprovals: review.maxApprovals,
    publishedAt: review.publishedAt,
    reviewers,
    verdicts,
    approvedCount: approvedSet(
      photos.map((p) => p.id),
      counted,
    ).size,
  };
}
