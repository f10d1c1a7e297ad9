import { z } from "zod";

/**
 * The events an endpoint may subscribe to (issue #38) and the shape of what is sent: a Standard
 * Webhooks body, `{ type, timestamp, data }`, with `data` an explicit public shape per type,
 * never a database row (a new column must not leak to a receiver by itself). Documented with
 * examples in docs/webhooks.md; pure, so the shapes are unit-tested.
 */
export const WEBHOOK_EVENT_TYPES = [
  "lead.created",
  "lead.deleted",
  "comment.created",
  "content.published",
  "event.published",
  "download.created",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
export const webhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES);

/** The `webhook-test` event the settings page sends; never subscribed to, always accepted. */
export const TEST_EVENT_TYPE = "webhook.test";

export interface LeadPayload {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  company: string | null;
  consent: boolean;
  /** The fan ticked "send me news": the only leads to add to a mailing list. */
  marketingConsent: boolean;
  locale: string | null;
  source: string | null;
  contentId: string | null;
  eventId: string | null;
  createdAt: string;
}

export interface LeadRow {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  companyName: string | null;
  consent: boolean;
  marketingConsent: boolean;
  locale: string | null;
  source: string | null;
  contentId: string | null;
  eventId: string | null;
  createdAt: Date;
}

export function leadPayload(lead: LeadRow): LeadPayload {
  return {
    id: lead.id,
    name: lead.name,
    email: lead.email,
    phone: lead.phone,
    company: lead.companyName,
    consent: lead.consent,
    marketingConsent: lead.marketingConsent,
    locale: lead.locale,
    source: lead.source,
    contentId: lead.contentId,
    eventId: lead.eventId,
    createdAt: lead.createdAt.toISOString(),
  };
}

/** A deleted lead: its id only, so a receiver can erase its copy (a data-subject request). */
export function leadDeletedPayload(leadId: string, deletedAt: Date): { id: string; deletedAt: string } {
  return { id: leadId, deletedAt: deletedAt.toISOString() };
}

export function commentPayload(comment: {
  id: string;
  contentId: string;
  authorName: string | null;
  rating: number | null;
  text: string;
  createdAt: Date;
}) {
  return {
    id: comment.id,
    contentId: comment.contentId,
    authorName: comment.authorName,
    rating: comment.rating,
    text: comment.text,
    createdAt: comment.createdAt.toISOString(),
  };
}

export function contentPublishedPayload(content: {
  id: string;
  title: string;
  kind: string;
  visibility: string;
  publishedAt: Date;
  url: string;
}) {
  return {
    id: content.id,
    title: content.title,
    kind: content.kind,
    visibility: content.visibility,
    publishedAt: content.publishedAt.toISOString(),
    url: content.url,
  };
}

export function eventPublishedPayload(event: {
  id: string;
  name: string;
  slug: string;
  startsAt: Date;
  timeZone: string;
  location: string | null;
  visibility: string;
  url: string;
}) {
  return {
    id: event.id,
    name: event.name,
    slug: event.slug,
    startsAt: event.startsAt.toISOString(),
    timeZone: event.timeZone,
    location: event.location,
    visibility: event.visibility,
    url: event.url,
  };
}

/** What a fan downloaded: one file, the whole gallery or their favourites as a ZIP. */
export type DownloadScope = "file" | "all" | "favourites";

/**
 * A fan's download. No personal data and no visitor id (a pseudonymous id is still personal
 * data, and a receiver needs none to count): a gated download's lead arrives as `lead.created`.
 */
export function downloadPayload(download: {
  contentId: string;
  eventId: string | null;
  mediaId: string | null;
  scope: DownloadScope;
  source: string | null;
  at: Date;
}) {
  return {
    contentId: download.contentId,
    eventId: download.eventId,
    mediaId: download.mediaId,
    scope: download.scope,
    source: download.source,
    downloadedAt: download.at.toISOString(),
  };
}

export interface WebhookBody {
  type: WebhookEventType | typeof TEST_EVENT_TYPE;
  /** When the change happened (ISO 8601, UTC). */
  timestamp: string;
  data: object;
}

export function webhookBody(type: WebhookBody["type"], data: object, at: Date): WebhookBody {
  return { type, timestamp: at.toISOString(), data };
}
