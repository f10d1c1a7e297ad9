import { z } from "zod";
import { isoDay } from "@/lib/core/validation/common";
import { errorCodes } from "@/lib/core/error-body";
import { WEBHOOK_EVENT_TYPES } from "@/lib/features/webhooks/events";
import type { Metric } from "@/lib/features/analytics/metrics";
import { CONTENT_KINDS, CONTENT_STATUSES, CONTENT_VISIBILITIES } from "@/lib/features/content/schemas";

/**
 * The public API's shapes (issue #38): the same zod schemas validate a request's query and
 * describe the answers, and `openapi.ts` turns them into the OpenAPI 3.1 document, so the
 * document cannot drift from what the routes accept and send.
 */

const id = z.string().min(1).max(64);
const timestamp = z.iso.datetime({ offset: true }).meta({ example: "2026-07-14T21:30:00.000Z" });

/** A page's size and the opaque cursor of the page after (from the previous answer's `nextCursor`). */
export const pageQuery = z.object({
  cursor: z
    .string()
    .max(200)
    .optional()
    .meta({ description: "The `nextCursor` of the previous page; omit for the first page." }),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .default(25)
    .meta({ description: "Items per page (1 to 100).", example: 25 }),
});

export const leadsQuery = pageQuery.extend({
  eventId: id.optional().meta({ description: "Only leads of this event (or of its galleries)." }),
  contentId: id.optional().meta({ description: "Only leads of this item." }),
  from: isoDay
    .optional()
    .meta({ description: "First day included (UTC), `YYYY-MM-DD`.", example: "2026-07-01" }),
  to: isoDay
    .optional()
    .meta({ description: "Last day included (UTC), `YYYY-MM-DD`.", example: "2026-07-31" }),
});

export const leadIdParams = z.object({ id: id.meta({ description: "The lead's id." }) });

export const lead = z
  .object({
    id,
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    companyName: z.string().nullable(),
    contentId: id.nullable().meta({ description: "The item whose form the fan filled in." }),
    eventId: id.nullable(),
    consent: z.boolean().meta({ description: "Accepted the company's terms to leave their data." }),
    consentAt: timestamp.nullable(),
    marketingConsent: z
      .boolean()
      .meta({ description: "Ticked the separate, unticked box to receive news by e-mail." }),
    marketingConsentAt: timestamp.nullable(),
    source: z
      .string()
      .nullable()
      .meta({ description: "Where the visit came from (`ref:instagram.com`, `utm:…`); null for direct." }),
    locale: z.string().nullable(),
    createdAt: timestamp,
  })
  .meta({ id: "Lead" });

export const event = z
  .object({
    id,
    name: z.string(),
    slug: z.string(),
    status: z.enum(["draft", "published", "cancelled"]),
    visibility: z.enum(["public", "unlisted", "password"]),
    startsAt: timestamp,
    timeZone: z.string().meta({ example: "Europe/Lisbon" }),
    location: z.string().nullable(),
    participantsCount: z.number().int(),
    maxParticipants: z.number().int().nullable(),
    priceMinor: z.number().int().nullable().meta({ description: "In minor units; null or 0 is free." }),
    currency: z.string().meta({ example: "EUR" }),
    contentCount: z.number().int(),
    url: z.url().meta({ description: "The event's public page." }),
  })
  .meta({ id: "Event" });

export const contentQuery = pageQuery.extend({
  status: z.enum(CONTENT_STATUSES).optional().meta({ description: "Only items in this status." }),
  kind: z.enum(CONTENT_KINDS).optional().meta({ description: "Only items of this kind." }),
  eventId: id.optional().meta({ description: "Only items shown in this event." }),
});

export const contentIdParams = z.object({ id: id.meta({ description: "The item's id." }) });

export const content = z
  .object({
    id,
    title: z.string(),
    kind: z
      .enum(CONTENT_KINDS)
      .meta({ description: "`single` (one file), `photo_gallery` or `video_gallery` (any files)." }),
    status: z.enum(CONTENT_STATUSES).meta({ description: "Fans see only `published` items." }),
    visibility: z.enum(CONTENT_VISIBILITIES).meta({
      description: "`public` is listed; `unlisted` opens by its link; `password` also asks for a password.",
    }),
    createdAt: timestamp,
    updatedAt: timestamp.meta({ description: "Last change; the list is ordered by it, latest first." }),
    publishedAt: timestamp.nullable().meta({ description: "When it last went live; null if it never did." }),
    url: z.url().meta({ description: "The item's public page (its player)." }),
    eventIds: z.array(id).meta({ description: "The events that show it, in their order." }),
  })
  .meta({ id: "Content" });

export const commentsQuery = pageQuery.extend({
  contentId: id.optional().meta({ description: "Only comments on this item." }),
  hidden: z
    .enum(["true", "false"])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === "true"))
    .meta({ description: "`true`: only hidden comments; `false`: only those fans see. Omit for both." }),
});

export const commentIdParams = z.object({ id: id.meta({ description: "The comment's id." }) });

export const commentUpdate = z
  .strictObject({
    hidden: z.boolean().meta({ description: "`true` hides it from fans; `false` shows it again." }),
  })
  .meta({ id: "CommentUpdate", example: { hidden: true } });

export const comment = z
  .object({
    id,
    contentId: id.meta({ description: "The item it was written on." }),
    authorName: z.string().nullable().meta({ description: "The name the fan gave; null: anonymous." }),
    rating: z.number().int().min(1).max(5).nullable().meta({ description: "1 to 5 stars, if given." }),
    text: z.string(),
    hidden: z.boolean().meta({ description: "Hidden from fans by a moderator." }),
    createdAt: timestamp,
  })
  .meta({ id: "Comment" });

export const analyticsQuery = z.object({
  from: isoDay.optional().meta({
    description: "First day included (UTC), `YYYY-MM-DD`; default: 29 days before `to`.",
    example: "2026-07-01",
  }),
  to: isoDay
    .optional()
    .meta({ description: "Last day included (UTC), `YYYY-MM-DD`; default: today.", example: "2026-07-31" }),
});

const count = z.number().int();

export const analyticsSummary = z
  .object({
    from: z.string().meta({ description: "First day included (UTC).", example: "2026-07-01" }),
    to: z.string().meta({ description: "Last day included (UTC).", example: "2026-07-31" }),
    totals: z
      .object({
        views: count,
        uniqueVisitors: count,
        likes: count,
        shares: count,
        comments: count,
        downloads: count,
        leads: count,
        watchSeconds: count,
      } satisfies Record<Metric, typeof count>)
      .meta({
        description:
          "As on the analytics page: counted views, unique visitors, likes (given minus taken back), shares, comments as written, downloads, leads captured, and seconds of playback.",
      }),
    uniqueVisitorsExact: z
      .boolean()
      .meta({ description: "False when `uniqueVisitors` is an estimate (within about 2 %: many visitors)." }),
    media: z
      .object({ videos: count, images: count, audios: count, documents: count })
      .meta({ description: "The company's media files by kind (today, not of the range)." }),
  })
  .meta({ id: "AnalyticsSummary" });

/** A list page: the items and the cursor of the next page (null on the last). */
export function pageOf<T extends z.ZodType>(item: T, name: string) {
  return z.object({ data: z.array(item), nextCursor: z.string().nullable() }).meta({ id: `${name}Page` });
}

/** The one error shape of the app's HTTP API (lib/core/error-body.ts). */
export const errorBody = z
  .object({
    code: z.enum(errorCodes),
    messageKey: z.string().meta({ description: "A stable key of the message, for clients that translate." }),
    message: z.string().meta({ description: "The message in the request's language (Accept-Language)." }),
    values: z.record(z.string(), z.union([z.string(), z.number()])),
    fieldErrors: z
      .record(z.string(), z.string())
      .meta({ description: "Input field → message key, for a 422." }),
    retryAfter: z.number().int().optional().meta({ description: "Seconds to wait (also `Retry-After`)." }),
  })
  .meta({ id: "Error" });

/** A REST-hook subscription (Zapier, Make): where to send which events. */
export const webhookSubscription = z
  .strictObject({
    url: z.string().max(2000).meta({
      description: "An https:// address on the public Internet (Zapier: `bundle.targetUrl`).",
      example: "https://hooks.zapier.com/hooks/standard/123/abc/",
    }),
    eventTypes: z
      .array(z.enum(WEBHOOK_EVENT_TYPES))
      .min(1)
      .meta({ description: "The events it receives.", example: ["lead.created"] }),
  })
  .meta({ id: "WebhookSubscription" });

export const webhookSubscribed = z
  .object({
    id: id.meta({ description: "Keep it to unsubscribe (Zapier: returned to `bundle.subscribeData`)." }),
    url: z.string(),
    eventTypes: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
    secret: z.string().meta({
      description:
        "The Standard Webhooks signing secret (`whsec_…`), shown only in this answer: verify `webhook-signature` with it.",
    }),
  })
  .meta({ id: "WebhookSubscribed" });

export const webhookIdParams = z.object({ id: id.meta({ description: "The subscription's id." }) });
