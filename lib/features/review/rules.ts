/**
 * The pure rules of a review before publishing (issue #36): which photos make the approved set,
 * and whether a reviewer's count of approvals is within what the organiser asked.
 */

export type ReviewDecisionValue = "approved" | "rejected";

/**
 * The photos a review is about: ready, and not hidden by hand (a photo the organiser took down
 * is never sent to outside reviewers, nor brought back by their approval).
 */
export const reviewPhotoWhere = { kind: "photo", state: "ready", hidden: false } as const;

/** The furthest deadline an organiser may set: a link lives until it at most. */
export const MAX_DEADLINE_DAYS = 90;

/**
 * The approved set: the photos at least one reviewer approved and none rejected. A rejection is
 * a veto (the artist who does not want a photo out wins over the manager who liked it), and a
 * photo nobody judged is not approved.
 */
export function approvedSet(
  mediaIds: readonly string[],
  decisions: readonly { mediaId: string; decision: ReviewDecisionValue | null }[],
): Set<string> {
  const approved = new Set<string>();
  const rejected = new Set<string>();
  for (const { mediaId, decision } of decisions) {
    if (decision === "approved") approved.add(mediaId);
    if (decision === "rejected") rejected.add(mediaId);
  }
  return new Set(mediaIds.filter((id) => approved.has(id) && !rejected.has(id)));
}

export interface SelectionBounds {
  minApprovals: number | null;
  maxApprovals: number | null;
}

/** Why a reviewer cannot mark the review done with `approvals` approved photos, if they cannot. */
export function selectionProblem(
  approvals: number,
  bounds: SelectionBounds,
): { key: "tooFew" | "tooMany"; count: number } | null {
  if (bounds.minApprovals !== null && approvals < bounds.minApprovals)
    return { key: "tooFew", count: bounds.minApprovals };
  if (bounds.maxApprovals !== null && approvals > bounds.maxApprovals)
    return { key: "tooMany", count: bounds.maxApprovals };
  return null;
}

/** A reviewer link's end: the link's own life, or the deadline when that is later. */
export function reviewerLinkExpiry(now: Date, ttlMs: number, deadline: Date | null): Date {
  const own = now.getTime() + ttlMs;
  return new Date(deadline ? Math.max(own, deadline.getTime()) : own);
}
