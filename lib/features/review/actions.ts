"use server";

import { headers } from "next/headers";
import { z } from "zod";
import { localeFromHeaders } from "@/lib/core/i18n/translate";
import { recordId, validatedByLib } from "@/lib/core/validation/common";
import { adminAction } from "@/lib/platform/actions/admin-action";
import { cancelReview, inviteReviewers, revokeReviewer } from "@/lib/features/review/invite";
import { publishApprovedSet } from "@/lib/features/review/publish";
import type { InviteReviewersInput } from "@/lib/features/review/schemas";

/**
 * Review before publishing (issue #36), from the gallery's admin page: guard → lib (validates
 * with zod, scopes by the company) → refresh what changed.
 */
const reviewPage = {
  permission: "content.manage",
  revalidate: { paths: [["/[locale]/admin/content/[id]", "page"]] },
} as const;

export const inviteReviewersAction = adminAction(
  { ...reviewPage, schema: z.tuple([recordId, validatedByLib<InviteReviewersInput>()]) },
  async ({ membership }, contentId: string, input: InviteReviewersInput) =>
    inviteReviewers(membership, contentId, input, localeFromHeaders(await headers())),
);

export const revokeReviewerAction = adminAction(
  { ...reviewPage, schema: z.tuple([recordId]) },
  async ({ membership }, reviewerId: string) => revokeReviewer(membership, reviewerId),
);

export const cancelReviewAction = adminAction(
  { ...reviewPage, schema: z.tuple([recordId]) },
  async ({ membership }, contentId: string) => cancelReview(membership, contentId),
);

export const publishApprovedSetAction = adminAction(
  { ...reviewPage, schema: z.tuple([recordId]) },
  async ({ membership, changed }, contentId: string) => {
    const outcome = await publishApprovedSet(membership, contentId);
    changed(outcome.changed);
    return { published: outcome.published, hidden: outcome.hidden };
  },
);
