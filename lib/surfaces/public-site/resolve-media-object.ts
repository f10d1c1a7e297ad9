/** Which stored object a public media URL stands for, if the fan may see it. */
import { fanPool } from "@/lib/core/db-pool";
import { streamsWithoutMetadata } from "@/lib/features/engagement/cleaned-file";
import { posterVersion, renditionVersion, versionOf, type BannerRendition } from "@/lib/platform/media/urls";
import { parseStoredVariants, type StoredVariant } from "@/lib/platform/media/variants";
import { isContentViewable, isEventViewable } from "@/lib/platform/site/visibility";
import {
  eventLocksOf,
  galleryAccess,
  isEventUnlocked,
  NO_COOKIES,
  type GalleryGate,
  type UnlockCookies,
} from "@/lib/platform/site/gallery-access";
import { awaitingMarks, fanVariants } from "@/lib/platform/media/watermark/stored";

export type MediaObject =
  /**
   * `version`: of the stored object (lib/platform/media/urls.ts), what a current URL carries.
   * `withoutMetadata`: an MP4/MOV/M4A original of a content that does not keep metadata, served
   * only cleaned; `companyId`: the media's company (its share of the video slots).
   */
  | {
      state: "ok";
      key: string;
      contentType: string;
      version: string;
      withoutMetadata?: true;
      companyId?: string;
      /** A password gallery's, for this unlocked browser only: never kept by a shared cache. */
      restricted?: true;
      /** A watermarked gallery's photo without its marks yet: served marked now (on-demand.ts). */
      markNow?: { contentId: string };
    }
  | { state: "gated" }
  | { state: "missing" }
  /** A password gallery's media without its unlock, or an expired gallery's (answered `no-store`). */
  | { state: "locked" };

const VARIANT_TYPES = {
  webp: "image/webp",
  avif: "image/avif",
  jpeg: "image/jpeg",
  mp4: "video/mp4",
  m4a: "audio/mp4",
} as const;

/**
 * The rows a public media URL is checked against, each in one statement on the plain pool
 * (lib/core/db-pool.ts), prepared once per connection: every photo of a fan's page asks on every
 * request (issue #35), and Prisma's nested reads (two or three queries, their result mapping)
 * cost several times the answer. The visibility rule is not repeated here: the rows go through
 * `isContentViewable` / `isEventViewable` as loaded.
 */
interface PublicMediaRow {
  companyId: string;
  kind: string;
  state: string;
  /** Kept from fans (a review's unapproved photo, issue #36). */
  hidden: boolean;
  storageKey: string;
  mimeType: string;
  posterKey: string | null;
  variants: unknown;
  watermark: unknown;
  content: {
    id: string;
    status: string;
    requiresLead: boolean;
    keepPhotoMetadata: boolean;
    /** Originals are served only under `original` (issue #36: web size or view only keep them in). */
    downloadRule: string;
    /** Fans get the photos' marked renditions (issue #36, lib/platform/media/watermark/stored.ts). */
    watermarkPhotos: boolean;
    /** Password, password events and expiry (issue #36, lib/platform/site/gallery-access.ts). */
    gate: GalleryGate;
    events: { event: { status: string; isPublic: boolean } }[];
  } | null;
}

const MEDIA_ROW_SQL = `
SELECT m."companyId", m."kind", m."state", m."hidden", m."storageKey", m."mimeType", m."posterKey", m."variants",
  m."watermark", c."watermarkPhotos",
  c."id" AS "contentId", c."status" AS "contentStatus", c."requiresLead", c."keepPhotoMetadata",
  c."downloadRule", c."visibility", c."accessPasswordHash", c."expiresAt",
  (SELECT coalesce(json_agg(json_build_object('id', e."id", 'status', e."status", 'isPublic', e."isPublic",
      'visibility', e."visibility", 'accessPasswordHash', e."accessPasswordHash")), '[]')
    FROM "content_event" ce JOIN "event" e ON e."id" = ce."eventId" WHERE ce."contentId" = c."id") AS "events"
FROM "media_file" m LEFT JOIN "content" c ON c."id" = m."contentId"
WHERE m."id" = $1`;

async function publicMediaRow(mediaId: string): Promise<PublicMediaRow | null> {
  const { rows } = await fanPool().query<{
    companyId: string;
    kind: string;
    state: string;
    hidden: boolean;
    storageKey: string;
    mimeType: string;
    posterKey: string | null;
    variants: unknown;
    watermark: unknown;
    watermarkPhotos: boolean | null;
    contentId: string | null;
    contentStatus: string | null;
    requiresLead: boolean | null;
    keepPhotoMetadata: boolean | null;
    downloadRule: string | null;
    visibility: string | null;
    accessPasswordHash: string | null;
    expiresAt: Date | null;
    events: Parameters<typeof eventLocksOf>[0] | null;
  }>({ name: "public-media-row", text: MEDIA_ROW_SQL, values: [mediaId] });
  const row = rows[0];
  if (!row) return null;
  return {
    companyId: row.companyId,
    kind: row.kind,
    state: row.state,
    hidden: row.hidden,
    storageKey: row.storageKey,
    mimeType: row.mimeType,
    posterKey: row.posterKey,
    variants: row.variants,
    watermark: row.watermark,
    content:
      row.contentId === null
        ? null
        : {
            id: row.contentId,
            status: row.contentStatus ?? "",
            requiresLead: row.requiresLead === true,
            keepPhotoMetadata: row.keepPhotoMetadata === true,
            downloadRule: row.downloadRule ?? "original",
            watermarkPhotos: row.watermarkPhotos === true,
            gate: {
              visibility: row.visibility ?? "public",
              accessPasswordHash: row.accessPasswordHash,
              expiresAt: row.expiresAt,
              eventLocks: eventLocksOf(row.events ?? []),
            },
            events: (row.events ?? []).map((event) => ({ event })),
          },
  };
}

/**
 * The storage key behind a public media URL, if the media may be shown: its content is
 * viewable (`visibility.ts`), its upload finished and passed verification (`ready`: an
 * upload that never completed, is still being checked or failed holds bytes nobody verified),
 * and it is not hidden from fans (`fanMediaWhere`).
 * A photo's `original` is never served here (its EXIF holds GPS: fans get renditions), nor the
 * `original` of lead-gated content (downloads go through their own route, behind the gate), nor
 * of content whose download rule is web size or none (issue #36).
 * A video's or audio's ISO-BMFF original (`©xyz`, Apple's ISO 6709 key…) of a content that does
 * not keep metadata is marked `withoutMetadata`: it is only ever served with those boxes blanked
 * (media-access.ts), never as a redirect to the stored bytes.
 * Renditions (images, posters, playback streams) are served gated or not: the lead gates
 * downloads, not viewing (spec §2). The content type comes from what was verified, never the store.
 */
export async function resolveMediaObject(
  mediaId: string,
  variant: string,
  /** The request's cookies: its unlock cookies of galleries and events (gallery-access.ts). */
  cookies: UnlockCookies = NO_COOKIES,
): Promise<MediaObject> {
  const media = await publicMediaRow(mediaId);
  if (!media?.content || media.state !== "ready" || media.hidden || !isContentViewable(media.content)) {
    return { state: "missing" };
  }
  // A password gallery's renditions too, not only its page (issue #36), and those of a gallery
  // only password events show; an expired one's for nobody.
  const { gate } = media.content;
  if (galleryAccess(gate, media.content.id, cookies) !== "open") return { state: "locked" };
  const found = resolveOpenMedia({ ...media, content: media.content }, variant);
  return found.state === "ok" && (gate.visibility === "password" || gate.eventLocks.length > 0)
    ? { ...found, restricted: true }
    : found;
}

/** The object a viewable, open content's media URL stands for. */
function resolveOpenMedia(
  media: PublicMediaRow & { content: NonNullable<PublicMediaRow["content"]> },
  variant: string,
): MediaObject {
  if (variant === "original") {
    // A photo's original keeps its EXIF (GPS included): fans get its renditions only.
    if (media.kind === "photo") return { state: "missing" };
    if (media.content.requiresLead) return { state: "gated" };
    // Web size or view only: fans never get the file as uploaded (players use the renditions).
    if (media.content.downloadRule !== "original") return { state: "missing" };
    const found = {
      state: "ok",
      key: media.storageKey,
      contentType: media.mimeType,
      version: versionOf(media.storageKey),
    } as const;
    return streamsWithoutMetadata(media, media.content.keepPhotoMetadata)
      ? { ...found, withoutMetadata: true, companyId: media.companyId }
      : found;
  }
  const stored = parseStoredVariants(media.variants) ?? [];
  if (variant === "poster") {
    return media.posterKey
      ? {
          state: "ok",
          key: media.posterKey,
          contentType: VARIANT_TYPES.jpeg,
          version: posterVersion(media.posterKey, stored),
        }
      : { state: "missing" };
  }
  // A watermarked gallery's photo: by the same name, its marked rendition (stored.ts says when).
  const found = fanVariants(media, media.content.watermarkPhotos).find((v) => v.key.endsWith(`/${variant}`));
  if (!found) return { state: "missing" };
  return {
    state: "ok",
    key: found.key,
    contentType: VARIANT_TYPES[found.format],
    version: renditionVersion(found),
    ...(awaitingMarks(media, media.content.watermarkPhotos)
      ? { markNow: { contentId: media.content.id } }
      : {}),
  };
}

/**
 * A company's logo as fans get it. One uploaded through Settings → Branding is a media row:
 * its largest WebP rendition once ready (never the original, which keeps the camera's EXIF),
 * nothing before; `contentType` says it is one the media worker wrote. A logo with no media
 * row was written by the platform (the seed): as stored, of no verified type.
 */
export async function resolveLogo(
  companyId: string,
): Promise<{ key: string; contentType?: string; version: string } | null> {
  const { rows } = await fanPool().query<{
    logoKey: string | null;
    mediaState: string | null;
    variants: unknown;
  }>({
    name: "public-logo-row",
    text: `SELECT c."logoKey", m."state" AS "mediaState", m."variants" FROM "company" c
      LEFT JOIN "media_file" m ON m."storageKey" = c."logoKey" WHERE c."id" = $1`,
    values: [companyId],
  });
  const row = rows[0];
  if (!row?.logoKey) return null;
  // What the logo's URL carries (publicCompanyLogoUrl): the uploaded file's key, a new one per upload.
  const version = versionOf(row.logoKey);
  if (row.mediaState === null) return { key: row.logoKey, version };
  const media = { state: row.mediaState, variants: row.variants };
  if (media.state !== "ready") return null;
  const largest = (parseStoredVariants(media.variants) ?? [])
    .filter((v) => v.format === "webp")
    .sort((a, b) => b.width - a.width)[0];
  return largest ? { key: largest.key, contentType: VARIANT_TYPES.webp, version } : null;
}

/** The logo's storage key (share images read its bytes). */
export async function resolveLogoKey(companyId: string): Promise<string | null> {
  return (await resolveLogo(companyId))?.key ?? null;
}

/**
 * An event banner as fans get it: one of the renditions of its (ready) media, never the uploaded
 * original, which keeps the camera's EXIF, GPS included. `rendition` names one (`w640.avif`,
 * from the picture's srcset); without it, the largest WebP (share images, older pages).
 */
export async function resolveBanner(
  eventId: string,
  rendition?: BannerRendition,
  /** The request's cookies: a password event's banner is shown only with its unlock (issue #36). */
  cookies: UnlockCookies = NO_COOKIES,
): Promise<{ key: string; contentType: string; version: string; restricted?: true } | "locked" | null> {
  const { rows } = await fanPool().query<{
    companyId: string;
    bannerKey: string | null;
    status: string;
    isPublic: boolean;
    visibility: string;
    accessPasswordHash: string | null;
    mediaCompanyId: string | null;
    mediaState: string | null;
    variants: unknown;
  }>({
    name: "public-banner-row",
    text: `SELECT e."companyId", e."bannerKey", e."status", e."isPublic", e."visibility", e."accessPasswordHash",
        m."companyId" AS "mediaCompanyId",
        m."state" AS "mediaState", m."variants"
      FROM "event" e LEFT JOIN "media_file" m ON m."storageKey" = e."bannerKey" WHERE e."id" = $1`,
    values: [eventId],
  });
  const row = rows[0];
  if (!row?.bannerKey || !isEventViewable(row)) return null;
  const password = row.visibility === "password";
  if (password && !isEventUnlocked({ id: eventId, accessPasswordHash: row.accessPasswordHash }, cookies))
    return "locked";
  if (row.mediaState !== "ready" || row.mediaCompanyId !== row.companyId) return null;
  const media = { variants: row.variants };
  const renditions = (parseStoredVariants(media.variants) ?? []).filter(
    (v): v is StoredVariant & { format: "webp" | "avif" } => v.format === "webp" || v.format === "avif",
  );
  const found = rendition
    ? renditions.find((v) => v.key.endsWith(`/${rendition}`))
    : renditions.filter((v) => v.format === "webp").sort((a, b) => b.width - a.width)[0];
  // The banner's URLs carry the uploaded file's key (eventBannerUrl), a new one per upload.
  if (!found) return null;
  const banner = {
    key: found.key,
    contentType: VARIANT_TYPES[found.format],
    version: versionOf(row.bannerKey),
  };
  return password ? { ...banner, restricted: true } : banner;
}
