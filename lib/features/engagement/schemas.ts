import { SHARE_CHANNELS } from "@/lib/platform/attribution/source";
import { z } from "zod";
import { COMMENT_NAME_MAX, COMMENT_TEXT_MAX } from "@/lib/features/engagement/comment-limits";
import { plainText } from "@/lib/core/validation/common";
import { locales } from "@/lib/core/i18n/config";

/** Inputs of the public engagement API. Every message is an i18n key. */

export { COMMENT_NAME_MAX, COMMENT_TEXT_MAX };
export const LEAD_NAME_MIN = 2;
export const LEAD_NAME_MAX = 100;
export const COMMENTS_PAGE_DEFAULT = 20;
export const COMMENTS_PAGE_MAX = 50;
export const WATCH_TIME_MAX_SECONDS = 30;

/** Plain text as typed (see `plainText`), trimmed, empty → null. */
const optionalName = z
  .string({ error: "validation.invalidForm" })
  .optional()
  .nullable()
  .transform((v) => v ?? "")
  .pipe(plainText())
  .pipe(z.string().max(COMMENT_NAME_MAX, "engagement.errors.nameTooLong"))
  .transform((v) => v || null);

export const likeSchema = z.object({ liked: z.boolean({ error: "validation.invalidForm" }).optional() });

export const commentSchema = z.object({
  name: optionalName,
  rating: z
    .number({ error: "engagement.errors.ratingInvalid" })
    .int("engagement.errors.ratingInvalid")
    .min(1, "engagement.errors.ratingInvalid")
    .max(5, "engagement.errors.ratingInvalid"),
  text: z
    .string({ error: "validation.inputEmpty" })
    .pipe(plainText({ multiline: true }))
    .pipe(
      z.string().min(1, "validation.inputEmpty").max(COMMENT_TEXT_MAX, "engagement.errors.commentTooLong"),
    ),
  requestId: z.uuid("validation.invalidForm").optional(),
});
export type CommentInput = z.input<typeof commentSchema>;

export const listCommentsSchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(COMMENTS_PAGE_MAX)
    .default(COMMENTS_PAGE_DEFAULT)
    .catch(COMMENTS_PAGE_DEFAULT),
});

export const shareSchema = z.object({
  channel: z.enum(SHARE_CHANNELS, { error: "engagement.errors.channelInvalid" }),
});

export const watchTimeSchema = z.object({
  seconds: z
    .number({ error: "engagement.errors.secondsInvalid" })
    .int("engagement.errors.secondsInvalid")
    .min(1, "engagement.errors.secondsInvalid")
    .max(WATCH_TIME_MAX_SECONDS, "engagement.errors.secondsInvalid"),
});

const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

/**
 * The lead form (spec §5): name and e-mail required ("Please fill in name and email"), a
 * valid e-mail, a name of 2–100 characters; consent must be given.
 */
export const leadSchema = z.object({
  name: z.preprocess(
    blankToUndefined,
    z
      .string({ error: "engagement.errors.nameAndEmailRequired" })
      .pipe(plainText())
      .pipe(
        z
          .string()
          .min(LEAD_NAME_MIN, "engagement.errors.nameLength")
          .max(LEAD_NAME_MAX, "engagement.errors.nameLength"),
      ),
  ),
  email: z.preprocess(
    blankToUndefined,
    z
      .string({ error: "engagement.errors.nameAndEmailRequired" })
      .trim()
      .toLowerCase()
      .max(254, "validation.emailInvalid")
      .pipe(z.email("validation.emailInvalid")),
  ),
  phone: z.preprocess(
    blankToUndefined,
    z
      .string({ error: "validation.invalidForm" })
      .pipe(plainText())
      .pipe(z.string().max(40, "validation.tooLong"))
      .optional(),
  ),
  company: z.preprocess(
    blankToUndefined,
    z
      .string({ error: "validation.invalidForm" })
      .pipe(plainText())
      .pipe(z.string().max(100, "validation.tooLong"))
      .optional(),
  ),
  consent: z.literal(true, { error: "engagement.errors.consentRequired" }),
  /** The separate "send me news" box (issue #38): unticked unless the fan ticks it. */
  marketingConsent: z.boolean({ error: "validation.invalidForm" }).optional(),
});
export type LeadInput = z.output<typeof leadSchema>;

export const downloadSchema = z.object({
  mediaId: z.string().min(1).max(100).optional(),
  /** Validated separately: only gated content needs it, and its messages are the form's. */
  lead: z.unknown().optional(),
});

/** "Download all", or with `favourites` only the photos this visitor hearted (issue #36). */
export const downloadAllSchema = downloadSchema.pick({ lead: true }).extend({
  favourites: z.boolean({ error: "validation.invalidForm" }).optional(),
});

/**
 * "Get my favourites on another device" (issue #36): the address the link goes to, and the
 * fan's agreement that it is used for that e-mail. Nothing else is asked, and the address is
 * never stored (only a digest of it, in the limiter).
 */
export const favouritesLinkSchema = leadSchema.pick({ email: true }).extend({
  consent: z.literal(true, { error: "engagement.errors.favouritesConsentRequired" }),
  /** The page's language, for the e-mail (else the locale cookie's). */
  locale: z.enum(locales).optional().catch(undefined),
});

/** The e-mailed link's token, posted by the page that opened it (`#favourites=<token>`). */
export const favouritesClaimSchema = z.object({
  token: z
    .string({ error: "engagement.errors.favouritesLinkInvalid" })
    .max(200, "engagement.errors.favouritesLinkInvalid"),
});
