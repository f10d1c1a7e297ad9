import type { MediaKind } from "@/lib/generated/prisma/enums";

/**
 * Queue names and payloads of the background jobs. Separate queues per media kind, so a long
 * video never holds up the photos behind it, each with its own concurrency.
 */
export const MEDIA_QUEUES = {
  image: "media-image",
  video: "media-video",
  audio: "media-audio",
} as const;

/** Periodic housekeeping: abandoned uploads, stuck processing, orphaned banners, stray upload objects. */
export const SWEEP_QUEUE = "media-sweep";

/**
 * Renditions that media processed under an older width list lacks (lib/platform/media/backfill.ts):
 * one pass after each worker start, a page per job, data `{ afterId }` (the last id done).
 */
export const BACKFILL_QUEUE = "media-backfill";

export interface BackfillJobData {
  afterId?: string;
}

/**
 * Web-size copies of one content's photos (lib/platform/media/web-copy.ts), data `{ contentId }`:
 * queued when a content switches to web-size downloads or changes their edge, and when a photo
 * of such a content becomes ready (one waiting job per content).
 */
export const WEB_COPIES_QUEUE = "media-web-copies";

export interface WebCopiesJobData {
  contentId: string;
}

/**
 * A gallery's watermarked renditions (issue #36, lib/platform/media/watermark/pass.ts), data
 * `{ contentId }`: queued when the organiser turns the gallery's watermark on or off, changes the
 * company's design or logo, or an event's sponsor logo (one waiting job per content).
 */
export const WATERMARK_QUEUE = "media-watermarks";

export interface WatermarkJobData {
  contentId: string;
}

/**
 * A gallery reaching its expiry (issue #36), data `{ contentId, expiresAt }`: sent when the
 * organiser sets the date, due at that instant; the worker then refreshes the gallery's public
 * pages, which are cached and would go on listing it (lib/features/content/expiry.ts). A job for
 * a date since changed does nothing.
 */
export const GALLERY_EXPIRY_QUEUE = "gallery-expiry";

export interface GalleryExpiryJobData {
  contentId: string;
  /** ISO instant the job was sent for. */
  expiresAt: string;
}

/** The hourly roll-up of closed days of engagement for analytics (lib/features/analytics/rollup.ts). */
export const ANALYTICS_QUEUE = "analytics-rollup";

/** One DNS check of one domain (lib/features/domains/check-domain.ts), data `{ domainId }`. */
export const DOMAIN_CHECK_QUEUE = "domain-check";
/** Every minute: queues a check of each domain whose `nextCheckAt` is due. */
export const DOMAIN_SCHEDULE_QUEUE = "domain-schedule";

/**
 * Engine runs of organisers' texts (lib/features/translation/run.ts), data `{ companyId, locale }`: one
 * job translates all of a company's pending versions into one locale (singleton per pair).
 */
export const TRANSLATION_QUEUE = "translation";
/** Every ten minutes: queues a run for each (company, locale) with pending versions left behind. */
export const TRANSLATION_SCHEDULE_QUEUE = "translation-schedule";

export interface TranslationJobData {
  companyId: string;
  locale: string;
}

/**
 * Outgoing webhooks (issue #38, lib/features/webhooks): one attempt of one outbox message, data
 * `{ deliveryId, claimToken }` (its own backoff is the message's `nextAttemptAt`, not pg-boss retries).
 */
export const WEBHOOK_DELIVERY_QUEUE = "webhook-delivery";
/** Every minute: claims the outbox messages that are due and queues one attempt each. */
export const WEBHOOK_SCHEDULE_QUEUE = "webhook-schedule";

export interface WebhookDeliveryJobData {
  deliveryId: string;
  /** The claim's token: the attempt proceeds only while the message still carries it. */
  claimToken: string;
}

export type MediaQueue = (typeof MEDIA_QUEUES)[keyof typeof MEDIA_QUEUES];

export interface MediaJobData {
  mediaId: string;
}

/** The queue that processes a kind of media; documents need no processing. */
export function queueForKind(kind: MediaKind): MediaQueue | null {
  switch (kind) {
    case "photo":
      return MEDIA_QUEUES.image;
    case "video":
      return MEDIA_QUEUES.video;
    case "audio":
      return MEDIA_QUEUES.audio;
    case "document":
      return null;
  }
}

/** Enqueues media processing; implemented over pg-boss (lib/core/queue/boss.ts) and by fakes in tests. */
export interface JobSender {
  sendMediaJob(queue: MediaQueue, data: MediaJobData): Promise<void>;
}
