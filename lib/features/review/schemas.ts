import { z } from "zod";
import { email, plainText } from "@/lib/core/validation/common";

/** Reviewers per review: an artist, a manager, a label, a sponsor or two. */
export const MAX_REVIEWERS = 20;
export const REVIEW_MESSAGE_MAX = 1000;
export const REVIEW_NOTE_MAX = 1000;
/** A reviewer's link lasts this long unless the review's deadline is later. */
export const REVIEW_LINK_TTL_MS = 14 * 24 * 60 * 60 * 1000;

/** The organiser's addresses, typed one per line or separated by commas. */
const reviewerEmails = z
  .string({ error: "review.errors.emailsRequired" })
  .transform((value) => [
    ...new Set(
      value
        .toLowerCase()
        .split(/[\s,;]+/)
        .filter(Boolean),
    ),
  ])
  .pipe(
    z
      .array(email)
      .min(1, "review.errors.emailsRequired")
      .max(MAX_REVIEWERS, "review.errors.tooManyReviewers"),
  );

const optionalCount = z
  .union([z.number(), z.string()])
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === "") return null;
    const n = typeof value === "number" ? value : Number(value);
    if (!Number.isInteger(n) || n < 1 || n > 100_000) {
      ctx.addIssue({ code: "custom", message: "review.errors.countInvalid" });
      return z.NEVER;
    }
    return n;
  });

export const inviteReviewersSchema = z
  .object({
    emails: reviewerEmails,
    message: plainText({ multiline: true })
      .pipe(z.string().max(REVIEW_MESSAGE_MAX, "validation.tooLong"))
      .optional()
      .transform((v) => v || null),
    /** An ISO instant from the browser (the organiser's zone); empty: no deadline. */
    deadline: z
      .union([z.iso.datetime({ offset: true, error: "review.errors.deadlineInvalid" }), z.literal("")])
      .nullable()
      .optional()
      .transform((v) => (v ? new Date(v) : null)),
    minApprovals: optionalCount,
    maxApprovals: optionalCount,
  })
  .superRefine((value, ctx) => {
    if (value.minApprovals !== null && value.maxApprovals !== null && value.minApprovals > value.maxApprovals)
      ctx.addIssue({ code: "custom", path: ["maxApprovals"], message: "review.errors.minOverMax" });
  });
export type InviteReviewersInput = z.input<typeof inviteReviewersSchema>;

/** A reviewer's word on one photo: approve, reject, or take it back (null); a note, or none. */
export const reviewDecisionSchema = z.object({
  mediaId: z.string().min(1).max(64),
  decision: z.enum(["approved", "rejected"]).nullable().optional(),
  note: plainText({ multiline: true })
    .pipe(z.string().max(REVIEW_NOTE_MAX, "validation.tooLong"))
    .nullable()
    .optional(),
});
