import { z } from "zod";
import { keysetParams } from "@/lib/core/pagination/keyset";
import { requiredText, sanitize } from "@/lib/core/validation/common";
import { DEFAULT_WEB_DOWNLOAD_EDGE, WEB_DOWNLOAD_EDGES } from "@/lib/platform/media/web-edges";

/** Content forms and filters (spec §2, §3). Messages are i18n keys. */
export const CONTENT_KINDS = ["single", "photo_gallery", "video_gallery"] as const;
export const CONTENT_STATUSES = ["draft", "published", "archived"] as const;
/** What fans may download of a content (`DownloadRule` in the schema). */
export const DOWNLOAD_RULES = ["original", "web", "none"] as const;
export type DownloadRuleValue = (typeof DOWNLOAD_RULES)[number];
export const MAX_TAGS = 20;
/** Who opens a gallery (issue #36): everyone, whoever has the link, whoever has the password. */
export const CONTENT_VISIBILITIES = ["public", "unlisted", "password"] as const;
export type ContentVisibilityValue = (typeof CONTENT_VISIBILITIES)[number];
/**
 * A gallery password guests type from a message. Eight characters at least: the unlock limits
 * allow 200 wrong guesses per gallery per 15 minutes from many addresses, which would find a
 * 4-digit PIN in hours (issue #36 review), and leave an 8-character one out of reach.
 */
export const GALLERY_PASSWORD_MIN = 8;
export const GALLERY_PASSWORD_MAX = 200;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, "validation.tooLong")
    .nullable()
    .optional()
    .transform((v) => (v ? sanitize(v).value.trim() || null : null));

/** Tags from a list or a comma-separated string: trimmed, without duplicates (case-insensitive). */
export const tagsSchema = z
  .union([z.array(z.string()), z.string()])
  .optional()
  .transform((v) => {
    const list = (Array.isArray(v) ? v : (v ?? "").split(","))
      .map((t) => sanitize(t).value.trim())
      .filter(Boolean);
    const seen = new Set<string>();
    return list.filter((t) => !seen.has(t.toLowerCase()) && seen.add(t.toLowerCase()));
  })
  .pipe(z.array(z.string().max(40, "content.errors.tagTooLong")).max(MAX_TAGS, "content.errors.tooManyTags"));

export const contentInputSchema = z.object({
  title: requiredText(200),
  description: optionalText(5000),
  category: optionalText(100),
  tags: tagsSchema,
  kind: z.enum(CONTENT_KINDS),
  /** Absent keeps the status (the publish control sets it); a new content starts as a draft. */
  status: z.enum(CONTENT_STATUSES).optional(),
  eventIds: z.array(z.string().min(1).max(64)).max(50).default([]),
  requiresLead: z.boolean().default(false),
  /** Fans' photo downloads keep GPS and camera data; off: they get the copy without it. */
  keepPhotoMetadata: z.boolean().default(false),
  /** What fans may download: the files, web-size copies of the photos, or nothing (view only). */
  downloadRule: z.enum(DOWNLOAD_RULES).default("original"),
  /** The web-size copies' long edge (one of WEB_DOWNLOAD_EDGES). */
  webDownloadEdge: z.coerce
    .number()
    .int()
    .refine((edge) => (WEB_DOWNLOAD_EDGES as readonly number[]).includes(edge), "content.errors.webEdge")
    .default(DEFAULT_WEB_DOWNLOAD_EDGE),
  visibility: z.enum(CONTENT_VISIBILITIES).default("public"),
  /**
   * A new password for a password gallery; empty keeps the one set before (never sent back to
   * the form: only its hash is stored).
   */
  accessPassword: z
    .string()
    .max(GALLERY_PASSWORD_MAX, "content.errors.passwordTooLong")
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(z.string().min(GALLERY_PASSWORD_MIN, "content.errors.passwordTooShort").optional()),
  /** When fans stop seeing it (an ISO instant from the browser, in the organiser's zone); null: never. */
  expiresAt: z.iso
    .datetime({ offset: true, error: "content.errors.expiresAtInvalid" })
    .nullable()
    .optional()
    .transform((v) => (v ? new Date(v) : null)),
});
export type ContentInput = z.input<typeof contentInputSchema>;

export const contentListSchema = z.object({
  q: z.string().trim().max(100).optional().catch(undefined),
  status: z.enum(CONTENT_STATUSES).optional().catch(undefined),
  kind: z.enum(CONTENT_KINDS).optional().catch(undefined),
  eventId: z.string().trim().min(1).max(64).optional().catch(undefined),
  ...keysetParams,
});
export type ContentListFilters = z.infer<typeof contentListSchema>;

export const reorderSchema = z.object({
  mediaIds: z.array(z.string().min(1).max(64)).min(1).max(5000),
});

/**
 * The admin media manager's pages (issue #36, large galleries): 100 files a page, so a
 * 5,000-photo gallery is 50 pages of 100 signed thumbnails, never one 5,000-item payload.
 */
export const MEDIA_PAGE_SIZE = 100;
/** The manager's orders: the gallery's own (what fans see), by file name, by capture time. */
export const MEDIA_SORTS = ["position", "name", "captured"] as const;
export type MediaSort = (typeof MEDIA_SORTS)[number];
/** The orders that can become the gallery's own in one action. */
export const MEDIA_APPLICABLE_SORTS = ["name", "captured"] as const;
/** Far more pages than a gallery within the bulk limit has: larger numbers read as the last page. */
const MEDIA_PAGE_MAX = 10_000;

/** The manager's place as its URL carries it (`?sort=name&page=3`); anything else reads as the default. */
export const mediaPageSchema = z.object({
  sort: z.enum(MEDIA_SORTS).catch("position").default("position"),
  page: z.coerce.number().int().min(1).max(MEDIA_PAGE_MAX).catch(1).default(1),
});
export type MediaPageRequest = z.infer<typeof mediaPageSchema>;
